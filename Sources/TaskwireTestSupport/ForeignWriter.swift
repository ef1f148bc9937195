// Test support is built only where Swift Testing is (a release build of the package has no
// Testing module, and links none of this).
#if canImport(Testing)
  import TaskwireStore

  /// A writer that is not taskwire (as the sqlite3 shell would be): it changes a store's rows
  /// and its change log with plain SQL, and writes no commit notice.
  public func writeAsAnotherProgram(store path: String, _ sql: String) throws {
    // SQLITE_OPEN_READWRITE (0x2): the store exists.
    let database = try SQLiteDatabase(path: path, flags: 0x2)
    defer { database.close() }
    try database.execute(sql)
  }
#endif
