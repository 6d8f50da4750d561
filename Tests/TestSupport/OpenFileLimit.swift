#if canImport(Glibc)
  import Glibc
#endif

/// How many descriptors this process may open (its soft `RLIMIT_NOFILE`), for a test that
/// opens hundreds of sockets at once.
public enum OpenFileLimit {
  /// The soft limit, raised to `needed` first when it is lower and the hard limit allows.
  @discardableResult
  public static func raise(toAtLeast needed: Int) -> Int {
    var files = rlimit()
    guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &files) == 0 else { return 0 }
    if files.rlim_cur < rlim_t(needed), files.rlim_max >= rlim_t(needed) {
      var raised = files
      raised.rlim_cur = rlim_t(needed)
      if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { files = raised }
    }
    return Int(clamping: files.rlim_cur)
  }
}
