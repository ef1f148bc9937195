import TaskwireCore
import TaskwireStore

/// What import and export need of the PostgreSQL store.
extension PostgresStorage {
  static let exportBatch: Int64 = 1000

  /// Pages through the tasks by id, a thousand rows a query, so that an export of any size
  /// holds one page (the pages are separate reads: a task written meanwhile by another
  /// machine may appear as it was before or after that write).
  public func forEachTask(includingCompleted completed: Bool, _ body: (TaskRecord) throws -> Void) throws {
    let filter = completed ? "" : "AND completed = 0 "
    var after: Int64 = 0
    while true {
      let page = try reading {
        try connection.query(
          "\(Self.selectTasks) WHERE id > $1 \(filter)ORDER BY id LIMIT $2",
          [.integer(after), .integer(Self.exportBatch)]
        ).rows(TaskRowCoding.task(from:))
      }
      for task in page { try body(task) }
      guard let last = page.last, page.count == Self.exportBatch else { return }
      after = last.id
    }
  }

  public func links(source: String) throws -> [ExternalLink] {
    try reading {
      try connection.query(
        "SELECT key, task_id, version FROM external_ids WHERE source = $1 ORDER BY key COLLATE \"C\"", [.text(source)]
      ).rows { row in ExternalLink(key: row.text(0) ?? "", taskID: row.int(1), version: row.text(2)) }
    }
  }

  func setLinks(source: String, _ links: [ExternalLink]) throws {
    for link in links {
      try connection.query(
        """
        INSERT INTO external_ids (source, key, task_id, version) VALUES ($1, $2, $3, $4)
        ON CONFLICT (source, key) DO UPDATE SET task_id = EXCLUDED.task_id, version = EXCLUDED.version
        """,
        [.text(source), .text(link.key), .integer(link.taskID), link.version.map(RowValue.text) ?? .null])
    }
  }

  func removeExternalIDs(source: String, keys: [String]) throws -> Int {
    var removed = 0
    for key in keys {
      removed += try connection.query(
        "DELETE FROM external_ids WHERE source = $1 AND key = $2 RETURNING key", [.text(source), .text(key)]
      ).rows { $0.text(0) }.count
    }
    return removed
  }
}
