import TaskwireCore
import TaskwireStore

/// Task rows, the rollover day, and the change log.
extension PostgresStorage {
  static let selectTasks = "SELECT \(TaskRowCoding.columns) FROM tasks"

  public func forEachOpenTask(_ body: (consuming TaskRecord) -> Void) throws {
    let tasks = try reading {
      try connection.query("\(Self.selectTasks) WHERE completed = 0").rows(TaskRowCoding.task(from:))
    }
    for task in tasks { body(task) }
  }

  public func task(id: Int64) throws -> TaskRecord? {
    try reading {
      try connection.query("\(Self.selectTasks) WHERE id = $1", [.integer(id)]).rows(TaskRowCoding.task(from:)).first
    }
  }

  public func taskID(uuid: ItemUUID) throws -> Int64? {
    try reading {
      let result = try connection.query("SELECT id FROM tasks WHERE uuid = $1", [.text(uuid.description)])
      return result.count > 0 ? result.int(0) : nil
    }
  }

  public func completedTasks(limit: Int) throws -> [TaskRecord] {
    try reading {
      try connection.query(
        "\(Self.selectTasks) WHERE completed = 1 ORDER BY completed_at COLLATE \"C\" DESC, id DESC LIMIT $1",
        [.integer(Int64(limit))]
      ).rows(TaskRowCoding.task(from:))
    }
  }

  func nextTaskID() throws -> Int64 { (Int64(try meta("last_task_id") ?? "0") ?? 0) + 1 }

  static let upsert: String = {
    let names = TaskRowCoding.columns.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    let placeholders = (1...names.count).map { "$\($0)" }.joined(separator: ", ")
    let updates = names.dropFirst().map { "\($0) = EXCLUDED.\($0)" }.joined(separator: ", ")
    return
      "INSERT INTO tasks (\(TaskRowCoding.columns)) VALUES (\(placeholders)) ON CONFLICT (id) DO UPDATE SET \(updates)"
  }()

  /// `upsert`, and the row's change-log entry (`$1` is the id), whose seq it returns.
  static let upsertLogged = "WITH written AS (\(upsert)) INSERT INTO changes (task_id) VALUES ($1) RETURNING seq"

  func writeRows(_ changes: [TaskChange]) throws {
    wroteInTransaction = true
    var highest: Int64 = 0
    for change in changes {
      // The row and its change-log entry in one statement; the entry's seq is the log's head
      // (every writer holds the advisory lock, so none is above it).
      let seq: Int64
      if let after = change.after {
        seq = try connection.query(Self.upsertLogged, TaskRowCoding.values(after)).int(0)
        // (Only a row written without one before can be above the counter: a change keeps ids.)
        if change.before == nil { highest = max(highest, after.id) }
      } else {
        seq = try connection.query(
          "WITH gone AS (DELETE FROM tasks WHERE id = $1) INSERT INTO changes (task_id) VALUES ($1) RETURNING seq",
          [.integer(change.taskID)]
        ).int(0)
      }
      transactionHeads.end = seq
      if firstOwnEntry == nil { firstOwnEntry = seq }
    }
    if highest > 0 {
      try connection.query(
        "UPDATE meta SET value = $1 WHERE key = 'last_task_id' AND value::bigint < $2",
        [.text(String(highest)), .integer(highest)])
    }
  }

  public func rolledOverTo() throws -> CalendarDate? {
    try reading { try meta("rolledOverTo").flatMap(CalendarDate.init(iso:)) }
  }

  func setRolledOverTo(_ day: CalendarDate) throws {
    wroteInTransaction = true
    try setMeta("rolledOverTo", day.description)
  }

  // MARK: Change log and notices

  /// Counts the NOTIFYs other servers sent (our own come back too, and are not news).
  /// The change log's head, read from the server: a `NOTIFY` may arrive after a read sent
  /// right after another device's acknowledged commit (1–10 ms later, seen here), so waiting
  /// for one would answer such a read stale; one indexed look-up per request (the same round
  /// trip as any) gives PostgreSQL SQLite's rule: a read after an acknowledged commit sees it.
  /// The notifications are still drained (they wake a subscribed server at once).
  public var changeFeed: any ChangeFeed { self }

  public func changeNotice() throws -> Int64 {
    try ensureConnected()
    let own = connection.backendPID
    heard += Int64(connection.notifications().filter { $0 != own }.count)
    if !connection.isConnected { throw unreachableIfDisconnected(PostgresError(sqlState: nil, message: "lost")) }
    // In a write, before its own writes: the head read with its lock.
    let head = isWriting && !wroteInTransaction ? try transactionHeads.start ?? changeHead() : try changeHead()
    if head != knownHead {
      knownHead = head
      headMoves += 1
    }
    return headMoves
  }

  public var noticeDescriptor: Int32? { connection.isConnected ? connection.socket : nil }

  public func drainNotices() -> Bool {
    let before = heard
    let own = connection.backendPID
    heard += Int64(connection.notifications().filter { $0 != own }.count)
    return heard != before || !connection.isConnected
  }

  /// Read after the advisory lock every writer takes, the head is exact: unchanged, no writer
  /// committed since it was last read, and the commit need not read the change log.
  public var noticeIsExactInTransaction: Bool { true }

  public func latestChange() throws -> ChangeCursor {
    // After this transaction's own log entries, the newest of them is the head (no query).
    if isWriting, wroteInTransaction, let end = transactionHeads.end { return ChangeCursor(changes: end) }
    return ChangeCursor(changes: try changeHead())
  }

  /// The newest entry of the change log (0 when it is empty).
  func changeHead() throws -> Int64 {
    let head = try reading { try connection.query("SELECT coalesce(max(seq), 0) FROM changes").int(0) }
    if wroteInTransaction { transactionHeads.end = head }  // (after this transaction's writes)
    return head
  }

  public func changes(after cursor: ChangeCursor) throws -> ChangeLogRead? {
    let seq = cursor.changes
    return try reading {
      let pruned = Int64(try meta("pruned_through") ?? "0") ?? 0
      if seq < pruned { return nil }
      let result = try connection.query("SELECT seq, task_id FROM changes WHERE seq > $1 ORDER BY seq", [.integer(seq)])
      var read = ChangeLogRead(ids: [], latest: cursor)
      for (latest, id) in result.rows({ ($0.int(0), $0.int(1)) }) {
        read.latest = ChangeCursor(changes: latest)
        read.ids.insert(id)
      }
      return read
    }
  }

  /// Prunes the change log to its kept size once it holds twice as much, noting how far, so
  /// that a server further behind reloads.
  public func idle() {
    guard connection.isConnected,
      let bounds = try? connection.query("SELECT coalesce(min(seq), 0), coalesce(max(seq), 0) FROM changes"),
      bounds.int(1) - bounds.int(0) >= 2 * StorageLimits.changeLogKept
    else { return }
    let through = bounds.int(1) - StorageLimits.changeLogKept
    try? write { _ in
      try connection.query("DELETE FROM changes WHERE seq <= $1", [.integer(through)])
      try setMeta("pruned_through", String(through))
    }
  }
}
