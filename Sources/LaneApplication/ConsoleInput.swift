import Foundation
import LaneBridge
import POSIX

#if canImport(Glibc)
  import Glibc
#endif

/// The lines an operator typed on the terminal, read without waiting.
///
/// The terminal stays in its usual line mode, so a command is a letter and Enter; `lines()`
/// polls standard input and returns only whole lines typed since the last call.
public struct ConsoleInput {
  private var pending: [UInt8] = []
  /// Whether standard input ended or failed.
  private(set) var isClosed = false

  /// The whole lines typed since the last call; empty when none (it never blocks).
  public mutating func lines() -> [String] {
    while !isClosed {
      var request = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
      guard poll(&request, 1, 0) == 1 else { break }
      var buffer = [UInt8](repeating: 0, count: 256)
      let count = buffer.withUnsafeMutableBytes { bytes in
        (try? retryOnInterrupt { read(STDIN_FILENO, bytes.baseAddress, bytes.count) }) ?? -1
      }
      guard count > 0 else {
        isClosed = true  // end of input or an error: stop asking
        break
      }
      pending += buffer[..<count]
    }
    var lines: [String] = []
    while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
      lines.append(String(decoding: pending[..<newline], as: UTF8.self))
      pending.removeSubrange(...newline)
    }
    return lines
  }

  /// Starts a thread that blocks until the operator types, and posts each line to `inbox`
  /// (which wakes the lane) until standard input ends.
  public static func forward(to inbox: LaneInbox) {
    forward { inbox.post(.console($0)) }
  }

  /// Starts a thread that blocks until the operator types, and hands each line to `take`
  /// until standard input ends: a pair's console routes it to one lane's inbox.
  public static func forward(_ take: @escaping @Sendable (String) -> Void) {
    let thread = Thread {
      var console = ConsoleInput()
      while !console.isClosed {
        var request = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        guard (try? retryOnInterrupt { poll(&request, 1, -1) }) != nil else { return }
        for line in console.lines() { take(line) }
      }
    }
    thread.name = "lane console"
    thread.start()
  }
}
