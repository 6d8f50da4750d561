import ArgumentParser
import LaneOptions

/// Runs an option check from ``OptionValues`` as a command's `validate()` does: a refusal
/// becomes the `ValidationError` that ArgumentParser prints with the usage, exit 64.
@discardableResult
public func validated<Value>(
  _ check: @autoclosure () throws(OptionValueError) -> Value
) throws(ValidationError) -> Value {
  do {
    return try check()
  } catch {
    throw ValidationError(error.message)
  }
}
