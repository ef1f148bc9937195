import JSON
import TaskwireTestSupport
import Testing

/// The lifecycle in-process, through the memory connection.
@Suite struct LifecycleTests {
  /// `test/setClock` is offered only to a server started with `--clock`.
  @Test func setClockIsAdvertisedOnlyWithAFixedClock() throws {
    let plain = try InProcessClient(["--memory"])
    let methods = try plain.result("initialize", [:])["methods"]?.arrayValue ?? []
    #expect(!methods.contains("test/setClock"))
    #expect(methods.contains("task/move"))
    #expect(try plain.error("test/setClock", ["now": "2026-02-13T08:00:00Z"])["code"] == -32600)
    let fixed = try InProcessClient.started(initialize: false)
    #expect(try fixed.result("initialize", [:])["methods"]?.arrayValue?.contains("test/setClock") == true)
  }

  /// A change's notifications follow its reply, and `exit` after `shutdown` ends with 0.
  @Test func notificationsFollowTheReplyAndExitEnds() throws {
    let client = try InProcessClient.started()
    let subscribed = try client.result("view/subscribe", ["view": "today"])
    var applier = try SnapshotApplier(subscribeResult: subscribed)
    let (_, notes) = try client.resultAndNotifications("task/create", ["title": "Buy milk", "view": "today"])
    #expect(notes.count == 1)
    try applier.apply(try #require(notes.first?["params"]))
    var listed = try #require(try client.result("view/list", ["view": "today"]).objectValue)
    listed["version"] = nil
    #expect(applier.snapshot == listed)
    #expect(try client.result("shutdown") == .null)
    client.send(#"{"jsonrpc":"2.0","method":"exit"}"#)
    #expect(client.connection.closeCode == 0)
  }
}
