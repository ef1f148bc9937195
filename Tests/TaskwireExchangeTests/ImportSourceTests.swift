import Foundation
import JSON
import TaskwireCore
import Testing

@testable import TaskwireExchange

/// Telling the formats apart, JSON lines, and files that cannot be tasks.
@Suite struct ImportSourceTests {
  let source = ImportSource(
    dates: ExchangeDates(timeZone: TimeZone(identifier: "UTC")!), now: "2026-11-24T09:00:00Z",
    today: CalendarDate(iso: "2026-11-24")!)

  func batch(_ text: String, _ format: ExchangeFormat? = nil) throws -> ImportBatch {
    try source.batch(bytes: Array(text.utf8), format: format)
  }

  @Test func formatsAreToldApart() throws {
    #expect(try batch(#"[{"uuid":"a","description":"x"}]"#).format == .taskwarrior)
    #expect(try batch(#"{"format":"taskwire","version":1,"tasks":[{"title":"x"}]}"#).format == .taskwire)
    #expect(
      try batch("{\"uuid\":\"a\",\"description\":\"x\"}\n{\"uuid\":\"b\",\"description\":\"y\"}\n").tasks.count == 2)
  }

  @Test func mismatchesAndNonsense() throws {
    #expect(throws: ImportError("the file is a taskwarrior export, not a taskwire one")) {
      try batch(#"[{"uuid":"a","description":"x"}]"#, .taskwire)
    }
    #expect(throws: ImportError("the file is neither a taskwire export nor a Taskwarrior export (it is a string)")) {
      try batch(#""hello""#)
    }
    #expect(throws: ImportError.self) { try batch("[{\"uuid\":\"a\",") }
    #expect(throws: ImportError(record: 1, "is not JSON: unterminated string at byte 4")) {
      try batch("{\"description\":\"a\"}\n{\"de\n")
    }
    #expect(throws: ImportError("the file was written by a newer taskwire (format version 2; this one reads 1)")) {
      try batch(#"{"format":"taskwire","version":2,"tasks":[]}"#)
    }
  }

  /// taskwire's own records: past dates kept, fields checked as task/create checks them.
  @Test func taskwireRecords() throws {
    let good = try batch(
      #"{"format":"taskwire","version":1,"tasks":[{"id":7,"title":"Old","scheduledDate":"2026-01-02","completed":true,"completedAt":"2026-01-03T10:00:00Z","rank":5,"extra":1}]}"#
    )
    let task = good.tasks[0]
    #expect(task.key == "7" && task.task.scheduledDate == CalendarDate(iso: "2026-01-02") && task.task.completed)
    #expect(task.task.rank == 5 && good.report.unmapped["extra: dropped"]?.count == 1)
    #expect(throws: ImportError(record: 1, "priority must be 1 (low), 2 (medium) or 3 (high)")) {
      try batch(#"{"format":"taskwire","version":1,"tasks":[{"title":"a"},{"title":"b","priority":7}]}"#)
    }
    #expect(throws: ImportError(record: 0, "scheduledDate is not a date (YYYY-MM-DD): friday")) {
      try batch(#"{"format":"taskwire","version":1,"tasks":[{"title":"a","scheduledDate":"friday"}]}"#)
    }
  }

  @Test func aHugeFileIsRefusedUnread() throws {
    let path = NSTemporaryDirectory() + "taskwire-huge-\(getpid()).json"
    #expect(FileManager.default.createFile(atPath: path, contents: nil))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let handle = try #require(FileHandle(forWritingAtPath: path))
    try handle.truncate(atOffset: 2 * 1024 * 1024 * 1024)  // 2 GiB, sparse
    try handle.close()
    #expect(throws: ImportError("\(path) is 2048 MiB; taskwire imports files up to 256 MiB")) {
      try ImportSource.read(path: path)
    }
  }
}
