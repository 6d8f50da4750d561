import Centre
import LaneConfiguration

// `@_cdecl` goes against STYLE.md's "no underscored attributes" on purpose: it is the only way
// Swift can export a function under the C name libFuzzer calls, `LLVMFuzzerTestOneInput`.

/// Parses arbitrary text as a lane config file and checks the reader's promises on it.
///
/// The text goes through TOMLKit and toml++ (C++) as `lane run --config` reads it. A rejected
/// file lists at least one problem, each with words, names the file and lists at most 20; an
/// accepted one holds only values the options themselves would take, paths resolved against
/// the file's folder, and `http_public` only with `http`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLaneConfig(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  let folder = "/etc/lanebridge/lane7"
  do {
    let config = try LaneConfig(parsing: text, name: "fuzz.toml", folder: folder)
    if let lane = config.lane {
      precondition((try? LaneID(lane)) != nil, "a lane --lane would refuse")
    }
    for path in [config.wiring, config.journal, config.centre.credentials, config.centre.cafile,
      config.centre.certfile, config.centre.keyfile].compactMap({ $0 })
    {
      precondition(path.hasPrefix("/"), "a path not resolved against the file's folder")
    }
    if let bowlers = config.bowlers {
      precondition(!bowlers.isEmpty, "an empty list of bowlers")
      for name in bowlers {
        precondition(!isBlank(name) && !name.contains(","), "a bowler --bowlers would refuse")
      }
    }
    for value in [config.http, config.centre.broker].compactMap({ $0 }) {
      precondition(!isBlank(value), "an empty setting")
    }
    precondition(!config.httpPublic || config.http != nil, "http_public without http")
    let again = try LaneConfig(parsing: text, name: "fuzz.toml", folder: folder)
    precondition(again == config, "the same text read twice differs")
  } catch {
    precondition(!error.problems.isEmpty, "a config error without problems")
    for problem in error.problems {
      precondition(!problem.message.isEmpty, "a problem without words")
    }
    let description = error.description
    precondition(description.contains("fuzz.toml"), "the error does not name the file")
    // At most 20 problems listed, with a count line before and an "and N more" after.
    let lines = description.split(separator: "\n", omittingEmptySubsequences: false)
    precondition(lines.count <= LaneConfigError.listedProblems + 2, "more than 20 problems listed")
  }
  return 0
}

/// Whether `text` is only spaces and tabs, as the reader takes an empty value.
func isBlank(_ text: String) -> Bool {
  text.allSatisfy { $0 == " " || $0 == "\t" }
}
