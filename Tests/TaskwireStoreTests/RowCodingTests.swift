import TaskwireCore
import TaskwireStore
import Testing

/// A change writes only the columns that changed, found field by field: they must be exactly
/// the columns whose values differ between the two versions' whole rows.
@Suite struct RowCodingTests {
  static func variant(_ base: TaskRecord, _ random: inout SeededGenerator) -> TaskRecord {
    var task = base
    for _ in 0..<Int(random.next() % 4) {
      switch random.next() % 26 {
      case 1: task.title += "x"
      case 2: task.notes = task.notes == nil ? "n" : nil
      case 3: task.tags = task.tags.isEmpty ? ["a", "b"] : []
      case 4: task.priority = task.priority % 3 + 1
      case 5: task.urgent.toggle()
      case 6: task.durationMinutes += 5
      case 7: task.type = task.type == .errand ? .meeting : .errand
      case 8: task.scheduledDate = task.scheduledDate == nil ? CalendarDate(iso: "2026-02-13") : nil
      case 9: task.dueDate = CalendarDate(iso: "2026-03-0\(1 + random.next() % 9)")
      case 10:
        task.recurrence =
          task.recurrence == .none ? (try! Recurrence.make(pattern: "daily", weekdays: nil, monthDay: nil)) : .none
      case 11: task.completed.toggle()
      case 12: task.completedAt = task.completedAt == nil ? "2026-02-12T09:00:00Z" : nil
      case 13: task.createdAt = "2026-01-01T00:00:00Z"
      case 14: task.updatedAt = "2026-02-12T10:00:00Z"
      case 15: task.rank += Int64(random.next() % 100)
      case 16: task.matrixRank -= 7
      case 17: task.uuid = ItemUUID.random(using: &random)
      case 18: task.kind = task.kind == .task ? .project : .task
      case 19: task.parentID = task.parentID == nil ? 42 : nil
      case 20: task.parentRank += 1
      case 21:
        task.checklist =
          task.checklist.isEmpty ? [ChecklistItem(uuid: ItemUUID.random(using: &random), title: "line")] : []
      case 22: task.someday.toggle()
      case 23: task.cancelled.toggle()
      case 24:
        // (A time is kept only beside a date: one is given first.)
        if task.scheduledDate == nil { task.scheduledDate = CalendarDate(iso: "2026-02-14") }
        task.scheduledTime = task.scheduledTime == nil ? WallTime(minutes: Int(random.next() % 1440)) : nil
      case 25: task.evening.toggle()
      default: break
      }
    }
    return task
  }

  @Test func theChangedColumnsAreThoseWhoseValuesDiffer() {
    var random = SeededGenerator(seed: 6)
    let base = TaskRecord(id: 9, title: "t", createdAt: "c", updatedAt: "u", rank: 0)
    for _ in 0..<2000 {
      let before = Self.variant(base, &random)
      let after = Self.variant(before, &random)
      let old = TaskRowCoding.values(before)
      let new = TaskRowCoding.values(after)
      let expected = new.indices.filter { old[$0] != new[$0] }.map { ($0, new[$0]) }
      let found = TaskRowCoding.changedValues(from: before, to: after)
      #expect(found.map(\.column) == expected.map(\.0) && found.map(\.value) == expected.map(\.1))
    }
  }

  /// History keeps a task as its row of values in JSON, written field by field: the same text as
  /// the row of values gives, for every shape (escapes, tags, repeats, checklists), and it
  /// reads back as the task.
  @Test func historyTextIsTheRowOfValuesAndReadsBack() {
    var random = SeededGenerator(seed: 11)
    let base = TaskRecord(
      id: 9, title: "say \"hi\"\\ \n\u{2028} ↻ Mo–Fr", notes: "line\tone", tags: ["a\"b", "ü"], createdAt: "c",
      updatedAt: "u", rank: 0)
    for _ in 0..<2000 {
      let task = Self.variant(Self.variant(base, &random), &random)
      guard case .text(let text) = TaskRowCoding.historyText(task) else {
        Issue.record("no text")
        return
      }
      #expect(text == TaskRowCoding.historyTextOfValues(task))
      #expect(TaskRowCoding.task(fromHistoryText: text) == task)
    }
    #expect(TaskRowCoding.historyText(nil) == .null)
  }

  /// A step's ops keep an after of the same task as only its changed columns: they read back as
  /// the whole task, for every shape, beside creations, deletions and a new id.
  @Test func historyOpsKeepWhatChangedAndReadBackWhole() {
    var random = SeededGenerator(seed: 12)
    let base = TaskRecord(
      id: 9, title: "say \"hi\"\\ \n", notes: "n", tags: ["a"], createdAt: "c", updatedAt: "u", rank: 0)
    for _ in 0..<2000 {
      let before = Self.variant(base, &random)
      let after = Self.variant(before, &random)
      var renumbered = after
      renumbered.id = 10
      let changes = [
        TaskChange(before: before, after: after), TaskChange(before: nil, after: after),
        TaskChange(before: before, after: nil), TaskChange(before: before, after: renumbered),
      ]
      let text = TaskRowCoding.historyOpsText(changes)
      #expect(TaskRowCoding.changes(fromHistoryOpsText: text) == changes)
    }
    var moved = base
    moved.rank = 5
    #expect(TaskRowCoding.historyOpsText([TaskChange(before: base, after: moved)]).hasSuffix(#",{"15":5}]]"#))
  }
}
