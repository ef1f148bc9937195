import Testing

@testable import TaskwireCore

/// A record is one shared box of fields (copied when a copy changes) with some fields held
/// smaller than their public types: 100k of them are held in memory.
@Suite struct TaskRecordTests {
  func record() -> TaskRecord {
    TaskRecord(
      id: 7, title: "Water the plants", tags: ["home"], priority: 2, durationMinutes: 30,
      scheduledDate: CalendarDate(iso: "2026-02-12"), createdAt: "2026-02-01T08:00:00Z",
      updatedAt: "2026-02-01T08:00:00Z", rank: 1024)
  }

  @Test func aChangedCopyLeavesTheOriginalAlone() {
    let original = record()
    var copy = original
    #expect(copy == original)
    copy.title = "Water the garden"
    copy.tags.append("garden")
    copy.scheduledDate = nil
    copy.recurrence.interval = 3
    #expect(original.title == "Water the plants")
    #expect(original.tags == ["home"])
    #expect(original.scheduledDate == CalendarDate(iso: "2026-02-12"))
    #expect(original.recurrence == .none)
    #expect(copy.title == "Water the garden" && copy.tags == ["home", "garden"] && copy.scheduledDate == nil)
    #expect(copy != original)
  }

  @Test func looksLikeIgnoresOnlyTheRanks() {
    let task = record()
    var moved = task
    moved.rank = 99
    moved.matrixRank = 5
    #expect(task.looksLike(moved))
    #expect(task != moved)
    var renamed = task
    renamed.priority = 3
    #expect(!task.looksLike(renamed))
  }

  @Test func smallFieldsKeepTheirValues() {
    var task = record()
    #expect(task.priority == 2 && task.durationMinutes == 30)
    task.dueDate = CalendarDate(iso: "9999-12-31")
    task.scheduledDate = CalendarDate(iso: "0001-01-01")
    #expect(task.dueDate?.description == "9999-12-31")
    #expect(task.scheduledDate?.description == "0001-01-01")
    // Another program may write anything into the store's integer columns: held to the field's range.
    task.priority = 1 << 40
    task.durationMinutes = -(1 << 40)
    #expect(task.priority == Int(Int8.max))
    #expect(task.durationMinutes == Int(Int16.min))
    // The deadline's time goes with the deadline.
    task.dueTime = WallTime(iso: "17:00")
    #expect(task.dueTime?.description == "17:00" && task.dueDate?.description == "9999-12-31")
    task.dueDate = nil
    #expect(task.dueTime == nil)
    // A time of day belongs to its date: it goes when the date does.
    task.scheduledDate = CalendarDate(iso: "2026-02-12")
    task.scheduledTime = WallTime(iso: "23:59")
    #expect(task.scheduledTime?.description == "23:59" && task.priority == Int(Int8.max))
    task.scheduledDate = CalendarDate(iso: "2026-02-13")
    #expect(task.scheduledTime == WallTime(hour: 23, minute: 59), "a new date keeps the time")
    task.scheduledDate = nil
    #expect(task.scheduledTime == nil)
  }

  @Test func wallTimesReadAndWriteHHMM() {
    #expect(WallTime(iso: "00:00")?.minutes == 0 && WallTime(iso: "23:59")?.minutes == 1439)
    #expect(WallTime(iso: "09:05")?.description == "09:05")
    for bad in ["24:00", "9:05", "09:5", "09:60", "0905", "ab:cd", "", "-1:00", "09:05 "] {
      #expect(WallTime(iso: bad) == nil, "\(bad)")
    }
  }

  @Test func recurrenceKeepsWeekdaysMonthDayAndInterval() throws {
    let weekly = try Recurrence.make(pattern: "weekly", weekdays: [5, 1, 3], monthDay: nil, interval: 2)
    #expect(weekly.weekdays == [1, 3, 5])
    #expect(weekly.interval == 2 && weekly.monthDay == nil)
    let anyWeekday = try Recurrence.make(pattern: "weekly", weekdays: nil, monthDay: nil)
    #expect(anyWeekday.weekdays == [], "a weekly pattern's empty list stays a list")
    #expect(Recurrence.none.weekdays == nil)
    let lastDay = try Recurrence.make(pattern: "monthly", weekdays: nil, monthDay: 32, interval: 365)
    #expect(lastDay.monthDay == 32 && lastDay.interval == 365)
    #expect(weekly != anyWeekday)
  }

  /// The sizes the index's memory figure rests on: a record is one reference, and its box of
  /// fields stays within a 208-byte heap block (16 bytes of object header, 8 of malloc's): the
  /// uuid, the parent and its rank, the kind and the checklist (issue 29) added 40 to the 136;
  /// the reminders (issue 30) 8 more and the deadline's time 2, paid for by the duration's 2
  /// (a week's minutes fit in 16 bits): still 200 bytes with the header, in the same block.
  @Test func aRecordIsOneReferenceToAFewDozenBytes() {
    #expect(MemoryLayout<TaskRecord>.size == 8)
    #expect(MemoryLayout<TaskRecord.Fields>.size <= 184)
    #expect(MemoryLayout<ItemUUID>.size == 16)
    #expect(MemoryLayout<Recurrence>.size <= 8)
  }
}
