import SafeFiles

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension WiringFile {
  /// Checks, before any work, that `path` may be written: it must not exist unless
  /// `replacing` is set.
  ///
  /// - Throws: ``WiringSaveError`` with ``WiringSaveError/Problem/exists``.
  public static func checkSavable(to path: String, replacing: Bool) throws(WiringSaveError) {
    if !replacing && access(path, F_OK) == 0 {
      throw WiringSaveError(path: path, problem: .exists)
    }
  }

  /// Writes `text` to `path` atomically through ``NewFile``: into a new file beside it
  /// (`O_EXCL | O_NOFOLLOW`), flushed to disk, then moved into place, and the folder flushed. A crash or power cut leaves
  /// the old file or the new one, never half of either.
  ///
  /// Without `replacing`, the move fails if `path` exists (it is made as a hard link, which
  /// the kernel refuses to put over an existing file), so an existing wiring is never lost;
  /// with it, a rename replaces a link itself, never the file it points to.
  ///
  /// - Throws: ``WiringSaveError``: the file exists, or the system refused a step.
  public static func save(
    _ text: String, to path: String, replacing: Bool
  ) throws(WiringSaveError) {
    do {
      let file = try NewFile(for: path)
      try file.write(text.utf8)
      try file.commit(replacing: replacing)
    } catch let problem where problem.errno == EEXIST && !replacing {
      throw WiringSaveError(path: path, problem: .exists)
    } catch let problem where problem.operation == "replace" {
      throw replaceFailure(path, problem.errno ?? EIO)
    } catch {
      let reason = error.errno.map { String(cString: strerror($0)) } ?? error.reason
      throw WiringSaveError(path: path, problem: .cannotWrite(reason: reason))
    }
  }

  private static func replaceFailure(_ path: String, _ code: Int32) -> WiringSaveError {
    WiringSaveError(path: path, problem: .cannotReplace(reason: String(cString: strerror(code))))
  }
}
