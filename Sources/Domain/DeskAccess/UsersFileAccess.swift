/// Who may read the desk's users file, as the desk accepts it: the two forms the setup
/// documents (docs/desk.md), nothing broader.
///
/// - mode 600 owned by the user the desk runs as (`lanebridge`): no one else reads it;
/// - mode 640 owned by root in the desk user's group (`root:lanebridge`): root writes it,
///   the service's group reads it, as the unit's other files in `/etc/lanebridge/desk`.
///
/// Read by root (`sudo lane desk users add`), either form is accepted whoever owns it or
/// whatever its group: root reads every file, and cannot tell which group is the desk's.
///
/// Pure: the file's status and the reader's ids are given.
public struct UsersFileAccess: Hashable, Sendable {
  /// The file's permission bits (`st_mode & 0o7777`).
  public var permissions: UInt32
  public var owner: UInt32
  public var group: UInt32

  public init(permissions: UInt32, owner: UInt32, group: UInt32) {
    self.permissions = permissions
    self.owner = owner
    self.group = group
  }

  /// The user and group ids of the process that reads the file (its effective ones).
  public struct Reader: Hashable, Sendable {
    public var user: UInt32
    public var group: UInt32

    public init(user: UInt32, group: UInt32) {
      self.user = user
      self.group = group
    }

    var isRoot: Bool { user == 0 }
  }

  /// Why the file may not be used, or `nil` when it is one of the two forms for `reader`.
  public func problem(readBy reader: Reader) -> String? {
    let mode = String(permissions, radix: 8)
    switch permissions {
    case 0o600, 0o400:
      guard reader.isRoot || owner == reader.user else {
        return "it is mode \(mode) owned by user \(owner), not by the user lane desk runs as (\(reader.user))"
      }
      return nil
    case 0o640, 0o440:
      guard owner == 0 else {
        return "its group may read it (mode \(mode)) but it is owned by user \(owner), not by root"
      }
      guard reader.isRoot || group == reader.group else {
        return "its group may read it (mode \(mode)) but its group is \(group), not lane desk's (\(reader.group))"
      }
      return nil
    default:
      if permissions & 0o007 != 0 { return "others than its owner and group may read or write it (mode \(mode))" }
      if permissions & 0o070 != 0 { return "its group may write it (mode \(mode))" }
      return "it is mode \(mode), neither 600 nor 640"
    }
  }

  /// What to do about a file refused: the two forms, as commands.
  public static func fix(_ path: String) -> String {
    "make it mode 600 owned by the user lane desk runs as (chown lanebridge '\(path)'; chmod 600 '\(path)'), "
      + "or mode 640 owned by root in that user's group (chown root:lanebridge '\(path)'; chmod 640 '\(path)')"
  }
}
