/// A value an option of `lane` does not take: the message the command prints before it
/// exits 64.
public struct OptionValueError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What is wrong and how to give it, naming the option.
  public var message: String

  public init(_ message: String) {
    self.message = message
  }

  public var description: String { message }
}
