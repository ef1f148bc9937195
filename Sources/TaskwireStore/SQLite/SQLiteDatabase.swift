import CSQLite

/// A failed SQLite call, with SQLite's own message.
public struct SQLiteError: StorageFailure, Sendable {
  public var code: Int32
  public var message: String
  public var description: String { "SQLite error \(code): \(message)" }
  public var isBusy: Bool { code & 0xFF == SQLITE_BUSY || code & 0xFF == SQLITE_LOCKED }
  public var backendName: String { "sqlite" }
  public var detail: String { message }
}

/// One SQLite connection. Not thread-safe by design: the server's serial loop owns it.
public final class SQLiteDatabase {
  let handle: OpaquePointer
  private var statements: [String: SQLiteStatement] = [:]
  /// The statements of constant SQL, by the text's address: a change runs about ten, and
  /// hashing each one's text to find it was a tenth of a change's instructions.
  private var constantStatements: [UInt: SQLiteStatement] = [:]

  /// The library set up once per process, before its first connection (see `shim.h`).
  private static let configured: Bool = taskwire_sqlite3_skip_memory_statistics() == SQLITE_OK

  public init(path: String, flags: Int32) throws(SQLiteError) {
    _ = Self.configured
    var db: OpaquePointer? = nil
    let rc = sqlite3_open_v2(path, &db, flags, nil)
    guard rc == SQLITE_OK, let db else {
      let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
      if let db { sqlite3_close_v2(db) }
      throw SQLiteError(code: rc, message: message)
    }
    handle = db
    sqlite3_extended_result_codes(db, 1)
  }

  private var isOpen = true

  deinit { close() }

  /// Finalizes cached statements and closes the connection, checkpointing the WAL.
  public func close() {
    guard isOpen else { return }
    statements.removeAll()
    constantStatements.removeAll()
    sqlite3_close_v2(handle)
    isOpen = false
  }

  public static var libraryVersion: String { String(cString: sqlite3_libversion()) }

  func error(_ code: Int32) -> SQLiteError {
    SQLiteError(code: code, message: String(cString: sqlite3_errmsg(handle)))
  }

  public func execute(_ sql: String) throws(SQLiteError) {
    var message: UnsafeMutablePointer<CChar>? = nil
    let rc = sqlite3_exec(handle, sql, nil, nil, &message)
    if rc != SQLITE_OK {
      let text = message.map { String(cString: $0) } ?? "error"
      sqlite3_free(message)
      throw SQLiteError(code: rc, message: text)
    }
  }

  /// A prepared statement, cached by its SQL text and reset for reuse.
  public func statement(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
    if let cached = statements[sql] {
      cached.reset()
      return cached
    }
    var raw: OpaquePointer? = nil
    let rc = sqlite3_prepare_v2(handle, sql, -1, &raw, nil)
    guard rc == SQLITE_OK, let raw else { throw error(rc) }
    let statement = SQLiteStatement(raw: raw, database: self)
    statements[sql] = statement
    return statement
  }

  /// A prepared statement of constant SQL, cached by the text's address and reset for reuse.
  public func statement(constant sql: StaticString) throws(SQLiteError) -> SQLiteStatement {
    let key = UInt(bitPattern: sql.utf8Start)
    if let cached = constantStatements[key] {
      cached.reset()
      return cached
    }
    let made = try statement(sql.description)
    constantStatements[key] = made
    return made
  }

  public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }
  /// Rows the last INSERT, UPDATE or DELETE changed.
  public var changedRows: Int32 { sqlite3_changes(handle) }
}

/// A bound SQL value.
public typealias SQLiteValue = RowValue

extension SQLiteStatement: TaskRowSource {}

public final class SQLiteStatement {
  let raw: OpaquePointer
  unowned let database: SQLiteDatabase

  init(raw: OpaquePointer, database: SQLiteDatabase) {
    self.raw = raw
    self.database = database
  }

  deinit { sqlite3_finalize(raw) }

  func reset() {
    sqlite3_reset(raw)
    sqlite3_clear_bindings(raw)
  }

  /// Ends a read early, so that the statement holds no read transaction open.
  public func finish() { sqlite3_reset(raw) }

  private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

  @discardableResult
  public func bind(_ values: [SQLiteValue]) throws(SQLiteError) -> SQLiteStatement {
    for (offset, value) in values.enumerated() {
      let index = Int32(offset + 1)
      let rc: Int32
      switch value {
      case .null: rc = sqlite3_bind_null(raw, index)
      case .integer(let number): rc = sqlite3_bind_int64(raw, index, number)
      case .text(let text):
        // With the byte count, not -1: a string holding U+0000 is stored whole.
        var utf8 = text
        rc = utf8.withUTF8 { bytes in
          bytes.withMemoryRebound(to: CChar.self) { chars in
            guard let base = chars.baseAddress else { return sqlite3_bind_text(raw, index, "", 0, Self.transient) }
            return sqlite3_bind_text(raw, index, base, Int32(chars.count), Self.transient)
          }
        }
      }
      guard rc == SQLITE_OK else { throw database.error(rc) }
    }
    return self
  }

  /// Steps once: true when a row is ready.
  public func step() throws(SQLiteError) -> Bool {
    let rc = sqlite3_step(raw)
    switch rc {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    default:
      let error = database.error(rc)
      sqlite3_reset(raw)
      throw error
    }
  }

  /// Runs a statement that returns no rows.
  public func run(_ values: [SQLiteValue] = []) throws(SQLiteError) {
    try bind(values)
    while try step() {}
    sqlite3_reset(raw)
  }

  public func int(_ column: Int32) -> Int64 { sqlite3_column_int64(raw, column) }

  public func text(_ column: Int32) -> String? {
    guard let pointer = sqlite3_column_text(raw, column) else { return nil }
    let count = Int(sqlite3_column_bytes(raw, column))
    return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
  }

  public func isNull(_ column: Int32) -> Bool { sqlite3_column_type(raw, column) == SQLITE_NULL }
}
