import TaskwireCore

/// Writing task rows: a change writes only the columns that changed, a whole row over its id,
/// and the change log (what no undo step of the transaction names).
extension SQLiteStorage {
  /// A row written whole (a creation, or a task whose row is gone): over a row of its id only,
  /// as on PostgreSQL, so that a uuid another row has fails the commit instead of replacing that
  /// row (INSERT OR REPLACE deletes a row that conflicts on any unique column).
  static let insertRow =
    "INSERT INTO tasks (\(TaskRowCoding.columns)) VALUES ("
    + Array(repeating: "?", count: TaskRowCoding.columnCount).joined(separator: ", ")
    + ") ON CONFLICT (id) DO UPDATE SET "
    + TaskRowCoding.columnNames.dropFirst().map { "\($0) = excluded.\($0)" }.joined(separator: ", ")

  func writeRows(_ changes: [TaskChange]) throws {
    for change in changes {
      if let before = change.before, let after = change.after, before.id == after.id,
        try updateChangedColumns(from: before, to: after)
      {
        // Written in place.
      } else if let after = change.after {
        try db.statement(Self.insertRow).run(TaskRowCoding.values(after))
      } else {
        try db.statement(constant: "DELETE FROM tasks WHERE id = ?").run([.integer(change.taskID)])
      }
      unlogged.append(change.taskID)
    }
  }

  /// Logs the open transaction's changed tasks that no undo step of it holds: another process
  /// learns of an action's changes from its step's row alone (one page less a commit), and of
  /// every other change (undo, redo, a new day, an import's keys) from the change log.
  func flushChangeLog() throws {
    if !unlogged.isEmpty { headsInTransaction = nil }  // (the heads move on)
    for id in unlogged where !loggedByStep.contains(id) {
      try db.statement(constant: "INSERT INTO changes (task_id) VALUES (?)").run([.integer(id)])
      loggedInTransaction = db.lastInsertRowID
    }
    unlogged.removeAll(keepingCapacity: true)
  }

  /// Updates only the columns that changed: an index none of whose columns is set is not
  /// touched (a REPLACE rewrote every index, a page more a change). False when there was no
  /// row to update (the caller then writes it whole).
  private func updateChangedColumns(from before: TaskRecord, to after: TaskRecord) throws -> Bool {
    // (The id is the row's key: the same on both sides here.)
    let changed = TaskRowCoding.changedValues(from: before, to: after)
    guard !changed.isEmpty else { return true }
    let columns = changed.reduce(0) { $0 | 1 << $1.column }
    if updateStatements[columns] == nil {
      let names = TaskRowCoding.columnNames
      updateStatements[columns] =
        "UPDATE tasks SET " + changed.map { "\(names[$0.column]) = ?" }.joined(separator: ", ") + " WHERE id = ?"
    }
    let sql = updateStatements[columns]!
    try db.statement(sql).run(changed.map(\.value) + [.integer(after.id)])
    return db.changedRows > 0
  }
}
