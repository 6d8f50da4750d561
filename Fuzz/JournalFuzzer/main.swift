import Bowling
import Journal

// `@_cdecl` goes against STYLE.md's "no underscored attributes" on purpose: it is the only way
// Swift can export a function under the C name libFuzzer calls, `LLVMFuzzerTestOneInput`.

/// Reads arbitrary bytes as a journal, as a lane opens one, then folds the records into a
/// session, corrections included, and checks the promises both make on whatever they get.
///
/// Reading must either refuse with a data error (`JournalError.Kind.data`, exit 65) or return records that, written
/// back with the same header, read back unchanged; the fold must either build a session or
/// refuse with `inconsistent`. Anything else traps, which libFuzzer reports as a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJournal(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let contents: JournalContents
  do {
    contents = try JournalContents(bytes: bytes)
  } catch {
    precondition(error.kind == .data, "reading refused as \(error.kind): \(error)")
    return 0
  }
  // Written back: the same header and the records re-encoded read back unchanged.
  var again: [UInt8] = []
  if case .current(let header, _) = contents.format { again = header.bytes }
  for entry in contents.entries { again += entry.record }
  if !again.isEmpty {
    do {
      let reread = try JournalContents(bytes: again)
      precondition(reread.entries == contents.entries, "records did not read back as written")
      precondition(reread.tornTailOffset == nil, "records written whole read back as torn")
    } catch {
      preconditionFailure("records written back were refused: \(error)")
    }
  }

  // The session fold, corrections included.
  guard !contents.entries.isEmpty else { return 0 }
  do {
    let session = try LaneSession(journal: contents.entries)
    precondition(session.deliveries.count == session.recorded.count, "fold lost track of a ball")
  } catch {
    guard case .inconsistent = error else { preconditionFailure("the fold threw \(error)") }
  }
  return 0
}
