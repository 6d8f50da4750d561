import TOMLKit
import Wiring

/// The typed reads a config file reader makes of a TOML value, each reporting what is
/// there instead when it is not what the key needs: one wording for every file we read.
protocol TOMLValueReading {
  /// Adds a problem about `key`.
  mutating func report(_ key: String, _ message: String)
}

extension TOMLValueReading {
  /// A string with something besides spaces, or `nil` after reporting what is there instead.
  mutating func string(_ value: TOMLValueConvertible?, at key: String) -> String? {
    guard let value else { return nil }
    guard value.type == .string, let string = value.string else {
      report(key, "expected a string in quotes, found \(WiringError.Problem.describe(value))")
      return nil
    }
    guard !string.allSatisfy({ $0 == " " || $0 == "\t" }) else {
      report(key, "is empty; give a value or leave the key out")
      return nil
    }
    return string
  }

  /// A whole number, or `nil` after reporting what is there instead.
  mutating func int(_ value: TOMLValueConvertible?, at key: String) -> Int? {
    guard let value else { return nil }
    guard value.type == .int, let int = value.int else {
      report(key, "expected a whole number, found \(WiringError.Problem.describe(value))")
      return nil
    }
    return int
  }

  /// `true` or `false`, or `nil` after reporting what is there instead.
  mutating func bool(_ value: TOMLValueConvertible?, at key: String) -> Bool? {
    guard let value else { return nil }
    guard value.type == .bool, let bool = value.bool else {
      report(key, "expected true or false, found \(WiringError.Problem.describe(value))")
      return nil
    }
    return bool
  }
}
