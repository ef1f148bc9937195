import JSON
import TaskwireCore
import TaskwireProtocol

/// The two formats taskwire reads and writes.
public enum ExchangeFormat: String, CaseIterable, Sendable {
  /// taskwire's own: every field, and each task's place in its lists.
  case taskwire
  /// `task export` of Taskwarrior 2.6 and 3.x, and what `task import` reads.
  case taskwarrior
}

/// One task read from a file, before it is given an id and a place: `task.id` is 0, and
/// `task.rank`/`task.matrixRank` only order the tasks of one list among themselves.
public struct ImportedTask: Sendable {
  /// What identifies it where it came from (a Taskwarrior uuid, a taskwire id), so that a
  /// second import of the same file updates it instead of adding it again.
  public var key: String?
  public var task: TaskRecord
  /// Its position in the file, counted from 0, for messages.
  public var record: Int
  /// Taskwarrior's `project`: "Garden", or "Home.Garden" (project Garden in area Home), found
  /// among the store's open projects or made by the import.
  public var project: String? = nil

  public init(key: String?, task: TaskRecord, record: Int) {
    self.key = key
    self.task = task
    self.record = record
  }
}

/// Everything a file holds, read and checked, with what could not be taken as it was.
public struct ImportBatch: Sendable {
  public var format: ExchangeFormat
  public var tasks: [ImportedTask] = []
  public var report = ImportReport()

  public init(format: ExchangeFormat) { self.format = format }
}

/// A file that cannot be imported: nothing of it is. `record` is the position of the task it
/// is about (from 0), nil when it is about the file as a whole.
public struct ImportError: Error, Equatable, Sendable, CustomStringConvertible {
  public var record: Int?
  public var message: String

  public init(record: Int? = nil, _ message: String) {
    self.record = record
    self.message = message
  }

  public var description: String { record.map { "record \($0): \(message)" } ?? message }
}

/// What an import did, and everything it could not take over as it was: counts with a few
/// examples each, never dropped in silence.
public struct ImportReport: Sendable {
  public struct Tally: Sendable, Equatable {
    public var count = 0
    public var examples: [String] = []
  }

  public var read = 0
  public var created = 0
  public var updated = 0
  public var unchanged = 0
  /// Records not imported, by reason (`deleted`, `occurrence of a recurring task`).
  public var skipped: [String: Tally] = [:]
  /// Fields not taken over as they were, by what happened to them (`project: kept as a tag`,
  /// `depends: dropped`).
  public var unmapped: [String: Tally] = [:]
  /// The undo step's label; nil when the import changed nothing.
  public var step: String? = nil

  static let examplesKept = 3

  public mutating func skip(_ reason: String, example: String) {
    Self.count(&skipped[reason, default: Tally()], example)
  }

  public mutating func unmapped(_ what: String, example: String) {
    Self.count(&unmapped[what, default: Tally()], example)
  }

  private static func count(_ tally: inout Tally, _ example: String) {
    tally.count += 1
    if tally.examples.count < examplesKept, !tally.examples.contains(example) { tally.examples.append(example) }
  }

  /// The report as `store/import` answers it: each tally sorted by its name.
  public func response(format: ExchangeFormat) -> StoreImportRequest.Response {
    func list(_ tallies: [String: Tally]) -> [StoreImportRequest.Response.Tally] {
      tallies.sorted { $0.key < $1.key }.map { .init(name: $0.key, count: $0.value.count, examples: $0.value.examples) }
    }
    return .init(
      format: format.rawValue, read: read, created: created, updated: updated, unchanged: unchanged,
      skipped: list(skipped), unmapped: list(unmapped), step: step)
  }
}
