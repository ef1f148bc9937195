import JSON
import TaskwireCore
import TaskwireProtocol
import Testing

/// The hand-written task encoder used for long lists must write exactly what `json` builds.
@Suite struct TaskEncodingTests {
  @Test func encodedJSONEqualsTheValueTree() throws {
    var tasks = [
      TaskRecord(id: 1, title: "plain", createdAt: "2026-02-12T08:00:00Z", updatedAt: "2026-02-12T08:00:00Z", rank: 0),
      TaskRecord(
        id: 9_007_199_254_740_993, title: "quote \" slash \\ line\n\u{2028}", notes: "n\u{0}", tags: ["a", "b\"c"],
        priority: 3, urgent: true, durationMinutes: 60, type: .deepWork,
        scheduledDate: CalendarDate(iso: "2026-02-13"), dueDate: CalendarDate(iso: "2027-01-01"),
        recurrence: try Recurrence.make(pattern: "weekly", weekdays: [1, 5], monthDay: nil, interval: 2),
        completed: true, completedAt: "2026-02-12T09:00:00Z", createdAt: "c", updatedAt: "u", rank: 5),
    ]
    tasks.append(
      TaskRecord(
        id: 3, title: "monthly",
        recurrence: try Recurrence.make(pattern: "monthly", weekdays: nil, monthDay: nil, afterCompletion: true),
        createdAt: "c", updatedAt: "u", rank: 1))
    for task in tasks {
      let encoded = JSONWriter.encode(task.encodedJSON)
      #expect(try JSONParser.parse(encoded) == task.json)
      #expect(String(decoding: encoded, as: UTF8.self) == JSONWriter.string(task.json), "same member order")
    }
  }
}
