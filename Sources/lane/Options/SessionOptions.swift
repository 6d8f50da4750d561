import ArgumentParser
import Foundation
import Journal
import LaneBridge

/// The lane's session and journal, as `lane run` and `lane simulate` take them.
struct SessionOptions: ParsableArguments {
  @Option(help: """
    The lane's journal: every throw and correction, made durable before it is shown. An \
    existing journal is resumed where it stopped; e.g. /var/lib/lanebridge/lane7/lane.journal. \
    A file that is not a journal, or a damaged one, is refused untouched (exit 65); a second \
    lane run or simulate on the same journal exits 75.
    """)
  var journal: String?

  @Option(help: """
    The bowlers in bowling order, separated by commas ("Ana,Ben,Cho"); by default one \
    unnamed bowler. Leave it out to resume a journal's session as it is.
    """)
  var bowlers: String?

  /// The bowlers' names, or `nil` when none were given.
  var bowlerNames: [String]? {
    bowlers.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
  }

  func validate() throws {
    guard let names = bowlerNames else { return }
    if names.isEmpty || names.contains(where: \.isEmpty) {
      throw ValidationError("--bowlers takes names separated by commas, e.g. \"Ana,Ben,Cho\"")
    }
  }

  /// The session to carry on: the journal's (created when missing), or a new one in memory.
  ///
  /// Tells the operator about a torn record set aside, or what is wrong and exits.
  func openSession(command: String) throws -> JournalledSession<AnyJournalStore> {
    var warnings = StandardError()
    let start = JournalEntry(
      time: Date(), author: "lane", event: .started(bowlers: bowlerNames ?? []))
    guard let journal else {
      let replay = ReplayJournal.starting(with: start)
      return try JournalledSession(store: AnyJournalStore(replay.journal), entries: [replay.start])
    }
    do throws(JournalError) {
      let file = try JournalFile(path: journal, ifMissing: .create(start), holdingLane: true)
      if let recovered = file.recovered { print("lane \(command): warning: \(recovered)", to: &warnings) }
      let session = try JournalledSession(store: AnyJournalStore(file), entries: file.entries)
      if let asked = bowlerNames, session.session.bowlers != asked {
        throw JournalError.otherBowlers(path: journal, journal: session.session.bowlers, asked: asked)
      }
      return session
    } catch {
      print("lane \(command): \(error)", to: &warnings)
      throw ExitCode(error.exitStatus)
    }
  }
}
