import SafeFiles
import TOMLKit

/// A wiring file read and checked: its name, the ``Wiring`` it describes and where each key
/// is written, so later problems (against a real chip) can point at their line too.
public struct WiringFile: Sendable {
  /// The file's name as the user gave it; every error names it.
  public let name: String

  /// The lane's wiring the file describes.
  public let wiring: Wiring

  private let locator: KeyLocator

  /// Parses and validates the text of a wiring file.
  ///
  /// - Parameters:
  ///   - text: The file's contents, TOML.
  ///   - name: The file's name, for error messages.
  /// - Throws: A ``WiringError`` listing every problem found: a syntax error alone (nothing
  ///   else can be checked then), or all the problems of a well-formed file.
  public init(parsing text: String, name: String) throws(WiringError) {
    if let header = TableHeaderCheck.firstUnnamedHeader(in: text) {
      throw WiringError(file: name, problems: [
        .init(
          keyPath: "", line: header.line, column: header.column,
          kind: .syntax(reason: header.reason))
      ])
    }
    let root: TOMLTable
    do {
      root = try TOMLTable(string: text)
    } catch let error as TOMLParseError {
      let position = error.source.begin
      throw WiringError(file: name, problems: [
        .init(
          keyPath: "",
          line: position.line > 0 ? position.line : nil,
          column: position.column > 0 ? position.column : nil,
          kind: .syntax(reason: error.description)
        )
      ])
    } catch {
      throw WiringError(file: name, problems: [
        .init(keyPath: "", kind: .syntax(reason: String(describing: error)))
      ])
    }
    let locator = KeyLocator(text: text)
    var parser = WiringParser(locator: locator)
    guard let wiring = parser.wiring(from: root) else {
      throw WiringError(file: name, problems: Self.inFileOrder(parser.problems))
    }
    self.name = name
    self.wiring = wiring
    self.locator = locator
  }

  /// Reads, parses and validates the wiring file at `path`.
  ///
  /// - Throws: A ``WiringError`` naming `path`: the file cannot be read, or its problems.
  public init(contentsOf path: String) throws(WiringError) {
    let text: String
    do {
      text = try FileContents.read(path)
    } catch {
      throw WiringError(file: path, problems: [
        .init(keyPath: "", kind: .unreadable(reason: error.reason))
      ])
    }
    try self.init(parsing: text, name: path)
  }

  /// Resolves every input to an offset on `chip`, pointing problems at their lines.
  ///
  /// - Throws: A ``WiringError`` with every line the chip does not have and every offset two
  ///   inputs share.
  public func resolved(on chip: some ChipLines) throws(WiringError) -> ResolvedWiring {
    try ResolvedWiring(resolving: wiring, on: chip, file: name, lineOf: locator.line(of:))
  }

  /// Problems sorted by line, those without a line last, otherwise in the order found.
  static func inFileOrder(_ problems: [WiringError.Problem]) -> [WiringError.Problem] {
    problems.enumerated().sorted { lhs, rhs in
      let left = lhs.element.line ?? Int.max
      let right = rhs.element.line ?? Int.max
      return left != right ? left < right : lhs.offset < rhs.offset
    }.map(\.element)
  }
}
