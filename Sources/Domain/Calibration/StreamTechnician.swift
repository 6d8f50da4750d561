/// A technician at a terminal: messages are printed, questions are answered with a line of
/// input (`y`, `yes`, `n` or `no`).
///
/// Input that ends (end of file) answers no, so a calibration never hangs on a closed pipe.
public struct StreamTechnician<Output: TextOutputStream>: Technician {
  /// Where messages and questions go.
  public private(set) var output: Output

  private let readLine: () -> String?

  /// A technician reading answers with `readLine` and writing to `output`.
  public init(output: Output, readLine: @escaping () -> String?) {
    self.output = output
    self.readLine = readLine
  }

  public mutating func tell(_ message: CalibrationMessage) {
    print(message, to: &output)
  }

  public mutating func ask(_ question: CalibrationQuestion) -> Bool {
    print(question, terminator: " ", to: &output)
    while let line = readLine() {
      switch line.lowercased().filter({ !$0.isWhitespace }) {
      case "y", "yes": return true
      case "n", "no": return false
      default: print("Please answer y or n:", terminator: " ", to: &output)
      }
    }
    print("(no answer: taken as no)", to: &output)
    return false
  }
}
