import CLibPQ
import Foundation
import TaskwireCore
import TaskwireStore

/// The store several machines share: PostgreSQL through libpq, in a schema of its own (default
/// `taskwire`; `options=-csearch_path=…` in the connection string picks another). Every write
/// is one transaction that first takes a transaction-level advisory lock for the schema, so
/// writers are serialized per store across machines, and ends with a `NOTIFY` that every
/// other server `LISTEN`s for: the connection's socket is the notice descriptor.
public final class PostgresStorage: Storage, ChangeFeed {
  public static let lockTimeout = "5s"
  let connection: PostgresConnection
  public let schema: String
  let quotedSchema: String
  let channel: String
  let lockKey: Int64
  /// Where reconnections are reported (stderr in the server).
  public var log: (String) -> Void = { _ in }
  /// Other servers' commits heard so far (and reconnections, after which anything may have
  /// changed).
  var heard: Int64 = 0
  public private(set) var noticeGeneration = 0
  var wroteInTransaction = false
  /// The change log's head as this connection last knew it (after its own commits: they are
  /// not news to it), how often another writer has moved it since, and the head at the start
  /// and end of the transaction in progress (`changeNotice`).
  var knownHead: Int64? = nil
  var headMoves: Int64 = 0
  var transactionHeads: (start: Int64?, end: Int64?) = (nil, nil)
  /// The seq of the transaction's first own change-log entry.
  var firstOwnEntry: Int64? = nil
  /// Inside `write` (its advisory lock held).
  var isWriting = false
  var retryAt = Date.distantPast
  var backoff: TimeInterval = 0.25

  /// `conninfo`: a `postgresql://` or `postgres://` URL or a libpq key=value string, given to
  /// libpq as is (so PGPASSFILE, sslmode and the PG* variables work as everywhere).
  public init(conninfo: String, schema defaultSchema: String = "taskwire") throws {
    connection = try PostgresConnection(conninfo: conninfo)
    var chosen = defaultSchema
    if conninfo.contains("search_path") {
      let path = try connection.execute("SELECT current_setting('search_path')").text(0) ?? ""
      chosen =
        path.split(separator: ",").first.map {
          String($0).trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        } ?? defaultSchema
    }
    guard let quoted = PostgresSchema.identifier(chosen) else {
      throw PostgresError(
        sqlState: nil,
        message: "\"\(chosen)\" is not a schema name taskwire uses (letters, digits, _ and -, at most 50 bytes)")
    }
    schema = chosen
    quotedSchema = quoted
    channel = "taskwire_\(chosen)"
    lockKey = PostgresSchema.lockKey(chosen)
    try prepareSession()
    try migrate()
  }

  /// The session's settings, again after every reconnection.
  func prepareSession() throws(PostgresError) {
    try connection.execute(
      "SET search_path TO \(quotedSchema); SET lock_timeout = '\(Self.lockTimeout)'; LISTEN \(PostgresSchema.identifier(channel) ?? "\"taskwire\"")"
    )
  }

  /// Creates or upgrades the schema under the lock; a newer one is refused and left untouched.
  func migrate() throws {
    try connection.execute("BEGIN")
    do {
      try connection.query("SELECT pg_advisory_xact_lock($1)", [.integer(lockKey)])
      let exists =
        try connection.query("SELECT to_regclass($1) IS NOT NULL", [.text("\(quotedSchema).meta")]).text(0) == "t"
      if !exists {
        try connection.execute(PostgresSchema.create(in: quotedSchema))
      } else {
        let version = try schemaVersion()
        guard version <= PostgresSchema.version else {
          throw PostgresError(
            sqlState: nil,
            message: "the store has schema version \(version); this taskwire knows \(PostgresSchema.version)")
        }
        var current = version
        while let step = PostgresSchema.migrations[current] {
          try connection.execute(step(quotedSchema))
          if current == 2 { try addUUIDsToHistory() }
          current += 1
        }
      }
      try connection.execute("COMMIT")
    } catch {
      _ = try? connection.execute("ROLLBACK")
      throw error
    }
  }

  /// Schema 3: the undo history's rows of each item get its uuid (an item only history still
  /// knows, one of its own), so that undoing a step recorded before keeps it. Read and written
  /// here, not in SQL: the rows are stored escaped (`PostgresText`), not as JSON PostgreSQL reads.
  private func addUUIDsToHistory() throws {
    let known = try connection.query("SELECT id, uuid FROM \(quotedSchema).tasks").rows { row in
      (row.int(0), row.text(1) ?? "")
    }
    var uuidOf = Dictionary(known, uniquingKeysWith: { first, _ in first })
    var random = SystemRandomNumberGenerator()
    let rows = try connection.query("SELECT step_id, position, task_id, before, after FROM \(quotedSchema).history_ops")
      .rows { row in (row.int(0), row.int(1), row.int(2), row.text(3), row.text(4)) }
    for (step, position, task, before, after) in rows {
      func upgraded(_ text: String?) -> RowValue {
        TaskRowCoding.historyText(text) {
          let uuid = uuidOf[task] ?? ItemUUID.random(using: &random).description
          uuidOf[task] = uuid
          return uuid
        }.map(RowValue.text) ?? .null
      }
      _ = try connection.query(
        "UPDATE \(quotedSchema).history_ops SET before = $1, after = $2 WHERE step_id = $3 AND position = $4",
        [upgraded(before), upgraded(after), .integer(step), .integer(position)])
    }
  }

  public var summary: String {
    guard connection.handle != nil else { return "PostgreSQL (not connected), schema \(schema)" }
    let version = connection.serverVersion
    let (host, port, user, database) = connection.endpoint
    return "PostgreSQL \(version / 10000).\(version % 100), \(user)@\(host):\(port)/\(database), schema \(schema)"
  }

  public var isReadOnly: Bool { false }
  public var isPrivate: Bool { false }

  public func schemaVersion() throws -> Int64 {
    Int64(try meta("schema_version") ?? "0") ?? 0
  }

  public func close() { connection.close() }

  func meta(_ key: String) throws(PostgresError) -> String? {
    try connection.query("SELECT value FROM meta WHERE key = $1", [.text(key)]).text(0)
  }

  func setMeta(_ key: String, _ value: String) throws(PostgresError) {
    try connection.query(
      "INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value",
      [.text(key), .text(value)])
  }

  // MARK: Transactions

  @discardableResult
  public func write<T>(_ body: (any StorageTransaction) throws -> T) throws -> T {
    try ensureConnected()
    wroteInTransaction = false
    isWriting = true
    defer { isWriting = false }
    transactionHeads = (nil, nil)
    firstOwnEntry = nil
    do {
      // The transaction, its lock and the change log's head in one round trip. Each statement of
      // a simple query reads what was committed when it starts (read committed, whatever the
      // role's default): the head, read after the lock was granted, is exact (every writer
      // takes the lock).
      transactionHeads.start = try connection.execute(
        "BEGIN ISOLATION LEVEL READ COMMITTED; SELECT pg_advisory_xact_lock(\(lockKey)); SELECT coalesce(max(seq), 0) FROM changes"
      ).int(0)
      let result = try body(PostgresTransaction(storage: self))
      if wroteInTransaction {
        if transactionHeads.end == nil { transactionHeads.end = try changeHead() }
        // The notice and the commit in one round trip (the channel is made of the schema's
        // name: letters, digits, _ and -, nothing to quote).
        try connection.execute("SELECT pg_notify('\(channel)', ''); COMMIT")
      } else {
        try connection.execute("COMMIT")
      }
      // Our own commit moves the head without news, unless another writer's came before it: the
      // head read after the lock was the one known, or the first own entry follows it (a seq a
      // rolled-back writer took leaves a gap: news for nothing, never news missed).
      if wroteInTransaction, let known = knownHead,
        transactionHeads.start == known || firstOwnEntry.map({ $0 == known + 1 }) == true
      {
        knownHead = transactionHeads.end
      }
      return result
    } catch {
      _ = try? connection.execute("ROLLBACK")
      throw unreachableIfDisconnected(error)
    }
  }

  /// A failure because the connection went away is said so; the next call reconnects.
  func unreachableIfDisconnected(_ error: any Error) -> any Error {
    guard !connection.isConnected else { return error }
    return PostgresError(sqlState: "08006", message: "PostgreSQL is unreachable: \(connection.errorMessage)")
  }

  /// Reconnects when the connection dropped, at most every `backoff` seconds (doubling to 5 s).
  func ensureConnected() throws {
    guard !connection.isConnected else { return }
    // Never inside a write: a new session holds neither its transaction nor its lock, and the
    // statements after it would commit one by one, past another writer's change.
    if isWriting {
      throw PostgresError(sqlState: "08006", message: "PostgreSQL is unreachable: \(connection.errorMessage)")
    }
    let now = Date()
    guard now >= retryAt else {
      throw PostgresError(sqlState: "08006", message: "PostgreSQL is unreachable: \(connection.errorMessage)")
    }
    noticeGeneration += 1
    if connection.reset() {
      do {
        try prepareSession()
      } catch {
        throw unreachableIfDisconnected(error)
      }
      backoff = 0.25
      heard += 1
      log("reconnected to PostgreSQL (\(summary))")
      return
    }
    retryAt = now.addingTimeInterval(backoff)
    backoff = min(backoff * 2, 5)
    log("PostgreSQL is unreachable; trying again in \(backoff / 2) s")
    throw PostgresError(sqlState: "08006", message: "PostgreSQL is unreachable: \(connection.errorMessage)")
  }

  /// Runs a read, turning a dropped connection into a clear error.
  func reading<T>(_ body: () throws -> T) throws -> T {
    try ensureConnected()
    do {
      return try body()
    } catch {
      throw unreachableIfDisconnected(error)
    }
  }
}

extension PostgresStorage {
  /// Runs one administrative statement on its own connection (tests and `taskwire replay`
  /// make and drop schemas with it).
  public static func administer(_ conninfo: String, _ sql: () -> String) throws {
    let connection = try PostgresConnection(conninfo: conninfo)
    defer { connection.close() }
    try connection.execute(sql())
  }
}
