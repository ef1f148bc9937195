import TaskwireCore

/// Where the tasks are kept: the seam under the `Replica`, in three narrow types as
/// TaskChampion splits its storage. A `Storage` opens and reads the store (task rows, the undo
/// history, the day the lists were last rolled over to) and hands a `StorageTransaction` to the
/// body of `write`, which alone can change it; its `ChangeFeed` tells of other writers'
/// commits. A backend knows nothing of views, subscriptions or the wire. Every backend passes
/// the same conformance suite (`TaskwireTestSupport.StorageConformance`).
///
/// One value is one connection, owned by one serial loop: no method is called concurrently.
public protocol Storage: AnyObject, ReminderStore {
  /// What the logs say about the store: the backend and where it is, never a credential.
  var summary: String { get }
  /// Whether the store could only be opened for reading: every `write` then fails.
  var isReadOnly: Bool { get }
  /// The schema version the store is at (a newer one is refused when opening).
  func schemaVersion() throws -> Int64
  func close()

  /// Runs `body` in one write transaction, serialized with every other writer of the store
  /// (other connections, processes and machines): committed when `body` returns, rolled back
  /// when it throws. Reads inside see every commit that came before the transaction. The
  /// transaction is valid only inside `body`.
  @discardableResult
  func write<T>(_ body: (any StorageTransaction) throws -> T) throws -> T

  // MARK: Task rows

  /// The open tasks one at a time.
  func forEachOpenTask(_ body: (consuming TaskRecord) -> Void) throws
  /// The open tasks scheduled on `day` or before, or due on `day` or before (Today's), one at a time.
  func forEachOpenTask(scheduledOnOrBefore day: CalendarDate, _ body: (consuming TaskRecord) -> Void) throws
  /// Starts a read transaction that the next reads share, until `endReading`; false when the
  /// storage has none (a quick start is then not made).
  func beginReading() throws -> Bool
  func endReading()
  /// How many open tasks there are about to be (to size the index).
  func openTaskCount() throws -> Int
  func task(id: Int64) throws -> TaskRecord?
  /// The id of the item with this uuid, open or completed (a client may mint an item's uuid).
  func taskID(uuid: ItemUUID) throws -> Int64?
  /// The most recently completed tasks, newest first (completion time, then id).
  func completedTasks(limit: Int) throws -> [TaskRecord]
  /// Calls `body` with every task (open and, when `completed`, completed ones), by id, a batch
  /// at a time: an export of any size holds one batch in memory.
  func forEachTask(includingCompleted completed: Bool, _ body: (TaskRecord) throws -> Void) throws
  /// A source's links (an import's keys, `link/list`), by key in byte order: each key's task,
  /// and the record's version there when it was linked.
  func links(source: String) throws -> [ExternalLink]

  // MARK: Undo history

  /// The step an undo would take back: the newest one not undone, with its changes.
  func latestUndoable() throws -> HistoryStep?
  /// The step a redo would re-apply: the oldest undone one, with its changes.
  func latestRedoable() throws -> HistoryStep?
  /// Recent steps, newest first, without their changes.
  func steps(limit: Int) throws -> [HistoryStep]
  /// Whether any step is waiting to be undone (`undone` false) or redone (true).
  func hasStep(undone: Bool) throws -> Bool

  /// The day Today's arrivals were last put at its end, by any server on the store.
  func rolledOverTo() throws -> CalendarDate?

  /// Other writers' commits: what changed, and how to hear of it.
  var changeFeed: any ChangeFeed { get }

  /// Housekeeping while nobody waits (a WAL checkpoint, pruning the change log).
  func idle()
}

/// What only a write transaction can do (`Storage.write` hands one to its body): calling one of
/// these outside a transaction does not compile.
public protocol StorageTransaction: ReminderTransaction {
  /// The id the next created task gets; ids are never reused, even after a delete.
  func nextTaskID() throws -> Int64
  /// Writes each change's `after` row (or deletes the row when `after` is nil) and logs the
  /// task id in the change log. Writing a task with an id at or past `nextTaskID` advances it.
  func writeRows(_ changes: [TaskChange]) throws
  /// Records (or replaces) links with their versions.
  func setLinks(source: String, _ links: [ExternalLink]) throws
  /// Forgets keys of a source; returns how many there were.
  func removeExternalIDs(source: String, keys: [String]) throws -> Int
  /// Records a user action as the newest undo step, dropping every undone step (the redo
  /// side) and keeping at least `historyLimit` steps (older ones are dropped every
  /// `historyTrim` steps, not at each: a drop rewrites the oldest pages). Returns its id.
  @discardableResult
  func appendStep(label: String, client: String, at: String, changes: [TaskChange]) throws -> Int64
  /// Flips a step between done and undone.
  func markStep(_ id: Int64, undone: Bool) throws
  /// Records the day Today's arrivals were put at its end.
  func setRolledOverTo(_ day: CalendarDate) throws
}

/// Other writers' commits (other connections, processes, machines): the change log they leave,
/// and the notices that say it grew (the notice file on SQLite, `NOTIFY` on PostgreSQL).
public protocol ChangeFeed: AnyObject {
  /// A number that moves whenever another connection commits: checking it is how a server
  /// learns, cheaply, that there is something to catch up on.
  func changeNotice() throws -> Int64
  /// False only when the feed knows that no other connection committed since it last said
  /// true: a read then skips the `changeNotice` check.
  func othersMayHaveWritten() -> Bool
  /// Whether `changeNotice` is exact under the write lock: unchanged there means no other
  /// connection committed since it was last read (SQLite's `data_version`), so a commit need not
  /// read the change log. False where a notice may lag (PostgreSQL's NOTIFY).
  var noticeIsExactInTransaction: Bool { get }
  /// Whether a notice may wait in the process rather than on the descriptor (libpq reads a
  /// NOTIFY that arrives during a query into its own queue): a wait drains first. False for an
  /// inotify watch, whose events wait in the kernel (a drain would be one read more a request).
  var noticesMayBeQueued: Bool { get }
  /// Where the change log ends now (at its start when it is empty).
  func latestChange() throws -> ChangeCursor
  /// The tasks changed after `cursor`, or `nil` when the log no longer reaches back that far
  /// (it was pruned): the caller then reloads everything.
  func changes(after cursor: ChangeCursor) throws -> ChangeLogRead?

  /// A descriptor that becomes readable when a notice may have arrived (a backend that pushes
  /// them), or nil for a backend that is checked on a timer.
  var noticeDescriptor: Int32? { get }
  /// Moves when the notice descriptor is replaced by another with possibly the same number (a
  /// reconnection), so that the server watches the new one.
  var noticeGeneration: Int { get }
  /// Empties the notice descriptor once it was readable (so that it does not stay readable);
  /// true when what arrived may be another writer's commit.
  func drainNotices() -> Bool
  /// Asks the backend to listen for other writers (a server does once someone subscribes: only
  /// then must it hear them at once; a request catches up through `changeNotice` anyway). A
  /// backend may listen from the start, and keeps listening once it does.
  func listenForOtherWriters()
  /// Whether the backend listens now: while it does and has no descriptor, the server polls.
  var isListening: Bool { get }
  /// Whether no other connection can ever write this store (a private in-memory one): nothing
  /// to watch or poll for.
  var isPrivate: Bool { get }
}

extension Storage {
  /// The tasks an earlier import made, by the key they had where they came from (a
  /// Taskwarrior uuid), so that importing the same file again updates them.
  public func externalIDs(source: String) throws -> [String: Int64] {
    Dictionary(try links(source: source).map { ($0.key, $0.taskID) }, uniquingKeysWith: { _, last in last })
  }

  /// Every open task, in no order (tests and small stores).
  public func loadOpenTasks() throws -> [TaskRecord] {
    var tasks: [TaskRecord] = []
    try forEachOpenTask { tasks.append($0) }
    return tasks
  }
  public func openTaskCount() throws -> Int { 0 }
  public func forEachOpenTask(scheduledOnOrBefore day: CalendarDate, _ body: (consuming TaskRecord) -> Void) throws {
    try forEachOpenTask { task in
      if let date = task.scheduledDate, date <= day {
        body(task)
      } else if let due = task.dueDate, due <= day {
        body(task)
      }
    }
  }
  public func beginReading() throws -> Bool { false }
  public func endReading() {}
}

extension ChangeFeed {
  public var noticeGeneration: Int { 0 }
  public var noticeIsExactInTransaction: Bool { false }
  public var noticesMayBeQueued: Bool { true }
  public func listenForOtherWriters() {}
  public var isListening: Bool { true }
  public func othersMayHaveWritten() -> Bool { true }
}

/// What a reader of the change log learns: which tasks changed, and the newest entry read, from
/// which it continues (so that a commit landing while it reads is never skipped).
public struct ChangeLogRead: Equatable, Sendable {
  public var ids: Set<Int64>
  public var latest: ChangeCursor

  public init(ids: Set<Int64>, latest: ChangeCursor) {
    self.ids = ids
    self.latest = latest
  }
}

/// A place in a backend's change log: the newest entry of its log of changes, and (SQLite) the
/// newest undo step, whose changes a step's commit logs in the step's own row instead of in rows
/// of the change log (a page less a commit). PostgreSQL logs every change; its `steps` is 0.
public struct ChangeCursor: Hashable, Sendable, CustomStringConvertible {
  public var changes: Int64
  public var steps: Int64

  public init(changes: Int64, steps: Int64 = 0) {
    self.changes = changes
    self.steps = steps
  }

  public static let start = ChangeCursor(changes: 0)

  public var description: String { steps == 0 ? "\(changes)" : "\(changes)/\(steps)" }
}

/// One undo step as kept in the store.
public struct HistoryStep: Equatable, Sendable {
  public var id: Int64
  public var label: String
  public var client: String
  public var at: String
  public var undone: Bool
  public var changes: [TaskChange]

  public init(id: Int64, label: String, client: String, at: String, undone: Bool, changes: [TaskChange]) {
    self.id = id
    self.label = label
    self.client = client
    self.at = at
    self.undone = undone
    self.changes = changes
  }
}

/// How many undo steps a store keeps, and how much of the change log survives pruning.
public enum StorageLimits {
  public static let historyLimit: Int64 = 1000
  /// Steps over the limit are dropped when a step's id is a multiple of this.
  public static let historyTrim: Int64 = 64
  /// Change-log entries kept when pruning: a server further behind than this reloads.
  public static let changeLogKept: Int64 = 10_000
}

/// A failure of the store itself (not of the request): locked, unreachable, full, damaged,
/// too new. The server maps it to `-32020` (busy) or `-32021` (failed), with `data` naming the
/// backend (`{"sqlite": detail}`).
public protocol StorageFailure: Error, CustomStringConvertible {
  /// A lock wait ran out: trying again later may succeed.
  var isBusy: Bool { get }
  /// `sqlite`, `postgresql`.
  var backendName: String { get }
  /// The backend's own message, never holding a credential.
  var detail: String { get }
}

extension StorageTransaction {
  /// Records (or replaces) keys of imported tasks: links with no version.
  public func setExternalIDs(source: String, _ pairs: [(key: String, taskID: Int64)]) throws {
    try setLinks(source: source, pairs.map { ExternalLink(key: $0.key, taskID: $0.taskID) })
  }
}

/// A record elsewhere and the task it is (`link/set`): its key there, the task's id, and the
/// record's version there when it was linked (a CalDAV ETag), if the client keeps one.
public struct ExternalLink: Sendable, Equatable {
  public var key: String
  public var taskID: Int64
  public var version: String?

  public init(key: String, taskID: Int64, version: String? = nil) {
    self.key = key
    self.taskID = taskID
    self.version = version
  }
}
