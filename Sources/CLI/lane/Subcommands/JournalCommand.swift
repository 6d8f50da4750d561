import ArgumentParser
import LaneBridge
import LaneCLI

extension Lane {
  /// `lane journal`: look at a journal without running the lane, and rescue a damaged one.
  struct JournalCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "journal",
      abstract: "Check a lane's journal, or copy its intact records into a new one.",
      subcommands: [Check.self, Salvage.self]
    )

    /// `lane journal check FILE`: what is intact and what is not; changes nothing.
    struct Check: ParsableCommand {
      static let configuration = CommandConfiguration(
        abstract: "Check a journal: every record, the numbering and the session; changes nothing.",
        discussion: """
          Lists every damaged record with its number and byte offset. It succeeds when a \
          lane would open the journal (a torn last record is set aside on opening).
          """ + ExitStatus.help(.dataError, .noInput)
      )

      @Argument(help: "The journal, as given to lane run --journal.")
      var file: String

      func run() throws { try JournalFileCommand.check(file) }
    }

    /// `lane journal salvage FILE --out NEW`: every intact record into a new journal.
    struct Salvage: ParsableCommand {
      static let configuration = CommandConfiguration(
        abstract: "Copy every intact record of a damaged journal into a new journal.",
        discussion: """
          Never changes FILE and never replaces an existing --out file. The new journal \
          keeps each record's sequence number; numbers lost to damage are listed in its \
          header. Check the games it makes with lane correct or lane simulate --journal \
          before a lane uses it.
          """ + ExitStatus.help(.dataError, .noInput, .cannotCreate, .ioError)
      )

      @Argument(help: "The damaged journal.")
      var file: String

      @Option(help: "The new journal to write; it must not exist.")
      var out: String

      func run() throws { try JournalFileCommand.salvage(file, to: out) }
    }
  }
}
