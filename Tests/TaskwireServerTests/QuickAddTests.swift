import JSON
import TaskwireTestSupport
import Testing

/// Quick add through the server: `task/parse` stores nothing, `task/create` and `task/update`
/// take `text`, and explicit fields given beside it win.
@Suite struct QuickAddTests {
  @Test func parseSaysWhatTheTextMeansAndStoresNothing() throws {
    let client = try InProcessClient.started()
    let result = try client.result(
      "task/parse", ["text": "Call mom #family !! tomorrow 30m every sun", "view": "today"])
    #expect(result["title"] == "Call mom")
    #expect(
      result["fields"] == [
        "title": "Call mom", "tags": ["family"], "priority": 2, "durationMinutes": 30, "scheduledDate": "2026-02-13",
        "recurrence": ["pattern": "weekly", "weekdays": [7]], "view": "today",
      ])
    #expect(
      result["spans"]?[0] == [
        "kind": "tag", "value": "family", "start": 9, "end": 16, "scalarStart": 9, "scalarEnd": 16, "byteStart": 9,
        "byteEnd": 16,
      ])
    #expect(try client.result("view/list", ["view": "today"])["groups"]?[0]?["tasks"] == [])
  }

  /// Offsets in three units: an emoji is two UTF-16 units, one scalar and four bytes.
  @Test func spansCountInUTF16ScalarsAndBytes() throws {
    let client = try InProcessClient.started()
    let result = try client.result("task/parse", ["text": "🎂 Party #fun"])
    #expect(result["spans"]?[0]?["start"] == 9)
    #expect(result["spans"]?[0]?["scalarStart"] == 8)
    #expect(result["spans"]?[0]?["byteStart"] == 11)
    #expect(result["spans"]?[0]?["end"] == 13)
  }

  @Test func createTakesTextAndExplicitFieldsWin() throws {
    let client = try InProcessClient.started()
    let created = try client.result(
      "task/create", ["text": "Write spec #work !!! tomorrow", "priority": 1, "view": "today"])
    #expect(created["task"]?["title"] == "Write spec")
    #expect(created["task"]?["tags"] == ["work"])
    #expect(created["task"]?["priority"] == 1, "the explicit priority wins over !!!")
    #expect(created["task"]?["scheduledDate"] == "2026-02-13")
    #expect(created["view"] == "upcoming")
    let history = try client.result("history/list")
    #expect(history["steps"]?[0]?["label"] == "Create 'Write spec'")
  }

  @Test func updateRereadsTitleAndTokens() throws {
    let client = try InProcessClient.started()
    try client.result("task/create", ["title": "old", "view": "inbox", "notes": "kept"])
    let updated = try client.result("task/update", ["id": 1, "text": "New name #home ~45"])
    #expect(updated["task"]?["title"] == "New name")
    #expect(updated["task"]?["tags"] == ["home"])
    #expect(updated["task"]?["durationMinutes"] == 45)
    #expect(updated["task"]?["notes"] == "kept")
  }

  @Test func textThatIsOnlyTokensOrBesideATitleIsRefused() throws {
    let client = try InProcessClient.started()
    #expect(try client.error("task/create", ["text": "#only !! tomorrow"])["data"]?["param"] == "text")
    #expect(try client.error("task/create", ["text": "a", "title": "b"])["code"] == -32602)
    #expect(try client.error("task/parse", [:])["data"]?["param"] == "text")
  }

  /// Every client library gets the same help for a date it cannot read.
  @Test func unreadableDatesSayWhatWouldWork() throws {
    let client = try InProcessClient.started()
    try client.result("task/create", ["title": "a", "view": "inbox"])
    let typo = try client.error("task/schedule", ["id": 1, "date": "tomorow"])
    #expect(typo["data"]?["problem"]?.stringValue?.contains("did you mean \"tomorrow\"?") == true)
    let numeric = try client.error("task/schedule", ["id": 1, "date": "12/1"])
    #expect(numeric["data"]?["problem"]?.stringValue?.contains("2026-12-01 or dec 1") == true)
  }
}
