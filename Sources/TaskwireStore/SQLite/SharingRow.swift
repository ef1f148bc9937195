import CSQLite
import TaskwireCore

/// A SQLite result row read as a task, where the columns that repeat from task to task (the tags,
/// and the created and updated times of tasks made or imported together) give the same String
/// and the same tag array as the row before when their bytes are the same: a store of 100k
/// tasks then holds a tag set once, not once per task (a heap object each, ~64 bytes). For the
/// reads of many tasks (the index load).
final class SharingRow: TaskRowSource {
  private let statement: SQLiteStatement
  /// The created and updated times (columns 13 and 14 of `TaskRowCoding.columns`): the bytes
  /// last read and the String made from them.
  private var created: (bytes: [UInt8], text: String)? = nil
  private var updated: (bytes: [UInt8], text: String)? = nil
  private var lastTags: (bytes: [UInt8], tags: [String])? = nil

  init(_ statement: SQLiteStatement) { self.statement = statement }

  /// Steps `statement` (selecting `TaskRowCoding.columns`) to its end, a task per row.
  static func forEachTask(of statement: SQLiteStatement, _ body: (consuming TaskRecord) -> Void) throws {
    let row = SharingRow(statement)
    while try statement.step() { body(TaskRowCoding.task(from: row)) }
  }

  func int(_ column: Int32) -> Int64 { statement.int(column) }

  func text(_ column: Int32) -> String? {
    switch column {
    case 13: shared(column, &created)
    case 14: shared(column, &updated)
    default: statement.text(column)
    }
  }

  private func shared(_ column: Int32, _ seen: inout (bytes: [UInt8], text: String)?) -> String? {
    withBytes(column) { bytes in
      guard let bytes else { return nil }
      if let seen, seen.bytes.elementsEqual(bytes) { return seen.text }
      let text = String(decoding: bytes, as: UTF8.self)
      seen = (Array(bytes), text)
      return text
    }
  }

  func tagList(_ column: Int32) -> [String] {
    withBytes(column) { bytes in
      guard let bytes else { return [] }
      if let seen = lastTags, seen.bytes.elementsEqual(bytes) { return seen.tags }
      let tags = TaskRowCoding.tags(from: String(decoding: bytes, as: UTF8.self))
      lastTags = (Array(bytes), tags)
      return tags
    }
  }

  /// The column's text bytes (nil for NULL), valid only inside `body`.
  private func withBytes<T>(_ column: Int32, _ body: (UnsafeBufferPointer<UInt8>?) -> T) -> T {
    guard let pointer = sqlite3_column_text(statement.raw, column) else { return body(nil) }
    return body(UnsafeBufferPointer(start: pointer, count: Int(sqlite3_column_bytes(statement.raw, column))))
  }
}
