import Wiring

// `@_cdecl` goes against STYLE.md's "no underscored attributes" on purpose: it is the only way
// Swift can export a function under the C name libFuzzer calls, `LLVMFuzzerTestOneInput`.

/// Parses arbitrary text as a wiring file and checks the loader's promises on it.
///
/// The text goes through TOMLKit and toml++ (C++), so this also fuzzes them as LaneBridge
/// uses them. A rejected file must list at least one problem, each with a message and a fix;
/// an accepted one must write back (`fileText()`) to a file that reads as the same wiring.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWiringFile(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  do {
    let file = try WiringFile(parsing: text, name: "fuzz.toml")
    let written = file.wiring.fileText()
    let reread = try WiringFile(parsing: written, name: "written.toml")
    precondition(reread.wiring == file.wiring, "the wiring did not read back as written")
  } catch {
    precondition(!error.problems.isEmpty, "a wiring error without problems")
    for problem in error.problems {
      precondition(!problem.message.isEmpty && !problem.fix.isEmpty, "a problem without words")
    }
    precondition(error.description.contains("fuzz.toml"), "the error does not name the file")
  }
  return 0
}
