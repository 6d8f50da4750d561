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
    config.lane = laneID(root["lane"], at: "lane")
    if let lanes = root["lanes"] {
      config.pair = pair(lanes)
      for key in ["lane", "wiring", "bowlers"] where root[key] != nil {
        report(
          key,
          "a pair's file names each lane's id, wiring and (in open play) bowlers in its [[lanes]],"
            + " and a league night's bowlers come with the night; remove \(key) here")
      }
    }
    if config.pair != nil { config.pairProblems = pairProblems(root) }
    config.wiring = path(root["wiring"], at: "wiring")
    config.journal = path(root["journal"], at: "journal")
    config.bowlers = bowlers(root["bowlers"], at: "bowlers")
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
      if root["lanes"] != nil {
        for key in ["credentials", "certfile", "keyfile"] where table[key] != nil {
          report(
            "centre.\(key)",
            "each lane of a pair is its own broker user: give each [[lanes]] its credentials, and remove \(key) here")
        }
      }
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

  /// A lane's id, checked as `--lane` is.
  private mutating func laneID(_ value: TOMLValueConvertible?, at key: String) -> String? {
    guard let lane = string(value, at: key) else { return nil }
    do {
      _ = try LaneID(lane)
      return lane
    } catch {
      report(
        key,
        "\"\(WiringError.Problem.clipped(lane))\" is not a lane name: 1-32 of a-z A-Z 0-9 - _,"
          + " not desk")
      return nil
    }
  }

  /// A pair's `[[lanes]]`: exactly two tables, each with a lane id of its own and a wiring.
  private mutating func pair(_ value: TOMLValueConvertible) -> [LaneConfig.PairLane]? {
    guard value.type == .array, let array = value.array, array.allSatisfy({ $0.type == .table }) else {
      report("lanes", "expected two [[lanes]] tables, each with lane and wiring, found \(WiringError.Problem.describe(value))")
      return nil
    }
    guard array.count == 2 else {
      report("lanes", "a pair has exactly two [[lanes]], the left lane's then the right's; found \(array.count)")
      return nil
    }
    var lanes: [LaneConfig.PairLane] = []
    var ids: [String] = []
    for (index, element) in array.enumerated() {
      guard let table = element.table else { continue }
      let prefix = "lanes[\(index + 1)]"
      checkKeys(of: table, at: prefix, allowed: LaneConfig.pairLaneKeys)
      let lane = laneID(table["lane"], at: "\(prefix).lane")
      let wiring = path(table["wiring"], at: "\(prefix).wiring")
      let credentials = path(table["credentials"], at: "\(prefix).credentials")
      let journal = path(table["journal"], at: "\(prefix).journal")
      let bowlers = bowlers(table["bowlers"], at: "\(prefix).bowlers")
      for (key, given) in [("lane", table["lane"] != nil), ("wiring", wiring != nil)] where !given {
        report("\(prefix).\(key)", "each of a pair's lanes needs its \(key)")
      }
      if let lane, ids.contains(lane) {
        report("\(prefix).lane", "both lanes are \(lane); give each lane of the pair its own id")
        continue
      }
      if let lane { ids.append(lane) }
      if let lane, let wiring {
        lanes.append(
          .init(lane: lane, wiring: wiring, credentials: credentials, journal: journal, bowlers: bowlers))
      }
    }
    return lanes.count == 2 ? lanes : nil
  }

  /// What each way of playing a pair refuses of its file: a league night has one journal
  /// for the pair (the top-level `journal`) and its bowlers in the night file; open play a
  /// journal and bowlers per lane, in its `[[lanes]]`.
  private func pairProblems(_ root: TOMLTable) -> [LaneConfig.PairPlay: [LaneConfigError.Problem]] {
    var leagueNight: [LaneConfigError.Problem] = []
    let lanes = root["lanes"]?.array.map { array in array.map(\.table) } ?? []
    for (index, table) in lanes.enumerated() {
      for key in ["journal", "bowlers"] where table?[key] != nil {
        let path = "lanes[\(index + 1)].\(key)"
        leagueNight.append(
          .init(
            key: path, line: locator.line(of: path),
            message:
              "a league night has one journal for the pair (--journal or the top-level journal) and its bowlers"
              + " in the night file; remove \(key) here, or run the pair in open play without --league"))
      }
    }
    var openPlay: [LaneConfigError.Problem] = []
    if root["journal"] != nil {
      openPlay.append(
        .init(
          key: "journal", line: locator.line(of: "journal"),
          message:
            "the pair's one journal is a league night's (--league); in open play each lane keeps its own:"
            + " give each [[lanes]] its journal, and remove journal here"))
    }
    return [.leagueNight: leagueNight, .openPlay: openPlay]
  }

  /// A path, resolved against the config file's folder when relative.
  private mutating func path(_ value: TOMLValueConvertible?, at key: String) -> String? {
    guard let path = string(value, at: key) else { return nil }
    if path.hasPrefix("/") || folder == "." { return path }
    return folder.hasSuffix("/") ? folder + path : folder + "/" + path
  }

  /// A list of bowlers' names, each a non-empty string without a comma.
  private mutating func bowlers(_ value: TOMLValueConvertible?, at key: String) -> [String]? {
    guard let value else { return nil }
    guard value.type == .array, let array = value.array, !array.isEmpty else {
      report(key, "expected a list of names, e.g. [\"Ana\", \"Ben\"], found \(WiringError.Problem.describe(value))")
      return nil
    }
    var names: [String] = []
    for (index, element) in array.enumerated() {
      guard let name = string(element, at: "\(key)[\(index + 1)]") else { continue }
      guard !name.contains(",") else {
        report("\(key)[\(index + 1)]", "a name cannot hold a comma: \"\(WiringError.Problem.clipped(name))\"")
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
        "unknown key; \(prefix.isEmpty ? "a lane config file" : prefix.hasPrefix("lanes[") ? "each [[lanes]]" : "[\(prefix)]") has "
          + allowed.joined(separator: ", "))
    }
  }

  mutating func report(_ key: String, _ message: String) {
    // `bowlers[2]` is on its own line, or on the line of `bowlers`.
    problems.append(.init(key: key, line: locator.line(of: key), message: message))
  }
}
