import Centre
import TOMLKit
import Wiring

/// Turns a parsed config file into a ``LaneConfig``, collecting every problem on the way so
/// the operator sees them all at once.
struct LaneConfigReader: TOMLValueReading {
  private let locator: KeyLocator
  private let folder: String
  private(set) var problems: [LaneConfigError.Problem] = []

  init(text: String, folder: String) {
    locator = KeyLocator(text: text)
    self.folder = folder
  }

  mutating func config(from root: TOMLTable) -> LaneConfig {
    checkKeys(of: root, at: "", allowed: LaneConfig.topLevelKeys)
    var config = LaneConfig()
    if let lane = string(root["lane"], at: "lane") {
      // The same check as --lane.
      do {
        _ = try LaneID(lane)
        config.lane = lane
      } catch {
        report(
          "lane",
          "\"\(WiringError.Problem.clipped(lane))\" is not a lane name: 1-32 of a-z A-Z 0-9 - _,"
            + " not desk")
      }
    }
    config.wiring = path(root["wiring"], at: "wiring")
    config.journal = path(root["journal"], at: "journal")
    config.bowlers = bowlers(root["bowlers"])
    config.http = string(root["http"], at: "http")
    if let httpPublic = bool(root["http_public"], at: "http_public") {
      // The same check as --http-public.
      if httpPublic && root["http"] == nil {
        report("http_public", "goes with http; give the boards' address, e.g. http = \"0.0.0.0:8080\"")
      }
      config.httpPublic = httpPublic
    }
    if let value = root["centre"] {
      guard value.type == .table, let table = value.table else {
        report("centre", "expected a table, [centre], found \(WiringError.Problem.describe(value))")
        return config
      }
      checkKeys(of: table, at: "centre", allowed: LaneConfig.centreKeys)
      config.centre = LaneConfig.Centre(
        broker: string(table["broker"], at: "centre.broker"),
        credentials: path(table["credentials"], at: "centre.credentials"),
        cafile: path(table["cafile"], at: "centre.cafile"),
        certfile: path(table["certfile"], at: "centre.certfile"),
        keyfile: path(table["keyfile"], at: "centre.keyfile"))
    }
    return config
  }

  // MARK: - Values

  /// A path, resolved against the config file's folder when relative.
  private mutating func path(_ value: TOMLValueConvertible?, at key: String) -> String? {
    guard let path = string(value, at: key) else { return nil }
    if path.hasPrefix("/") || folder == "." { return path }
    return folder.hasSuffix("/") ? folder + path : folder + "/" + path
  }

  /// A list of bowlers' names, each a non-empty string without a comma.
  private mutating func bowlers(_ value: TOMLValueConvertible?) -> [String]? {
    guard let value else { return nil }
    guard value.type == .array, let array = value.array, !array.isEmpty else {
      report("bowlers", "expected a list of names, e.g. [\"Ana\", \"Ben\"], found \(WiringError.Problem.describe(value))")
      return nil
    }
    var names: [String] = []
    for (index, element) in array.enumerated() {
      guard let name = string(element, at: "bowlers[\(index + 1)]") else { continue }
      guard !name.contains(",") else {
        report("bowlers[\(index + 1)]", "a name cannot hold a comma: \"\(WiringError.Problem.clipped(name))\"")
        continue
      }
      names.append(name)
    }
    return names.count == array.count ? names : nil
  }

  // MARK: - Checks

  private mutating func checkKeys(of table: TOMLTable, at prefix: String, allowed: [String]) {
    for key in table.keys.sorted() where !allowed.contains(key) {
      let path = prefix.isEmpty ? key : "\(prefix).\(key)"
      report(
        path,
        "unknown key; \(prefix.isEmpty ? "a lane config file" : "[\(prefix)]") has "
          + allowed.joined(separator: ", "))
    }
  }

  mutating func report(_ key: String, _ message: String) {
    // `bowlers[2]` is on the line of `bowlers`.
    let located = key.split(separator: "[").first.map(String.init) ?? key
    problems.append(.init(key: key, line: locator.line(of: located), message: message))
  }
}
