import Foundation
import TaskwireTestSupport
import Testing

/// A mistyped `--db` path makes a new, empty store: the server says so on stderr, every time
/// it creates one and never otherwise, so that every client can show it.
@Suite struct NewStoreNoticeTests {
  func stderr(of arguments: [String]) throws -> String {
    try TaskwireProcess.stderr(of: arguments, sending: [#"{"jsonrpc":"2.0","id":1,"method":"initialize"}"#])
  }

  @Test func aNewStoreIsAnnouncedOnce() throws {
    let path = try temporaryFolder().appendingPathComponent("typo/tasks.sqlite").path
    #expect(try stderr(of: ["--db", path]).contains("created a new, empty store at \(path)"))
    #expect(!(try stderr(of: ["--db", path]).contains("created a new")))
  }

  @Test func theInitializeReplyNamesANewStoreOnce() throws {
    let path = try temporaryFolder().appendingPathComponent("typo/tasks.sqlite").path
    let first = try TaskwireProcess.started(["--db", path], initialize: false)
    #expect(try first.result("initialize", [:])["newStore"] == .string(path))
    let second = try TaskwireProcess.started(["--db", path], initialize: false)
    #expect(try second.result("initialize", [:])["newStore"] == nil)
    let memory = try TaskwireProcess.started(["--memory"], initialize: false)
    #expect(try memory.result("initialize", [:])["newStore"] == nil)
  }
}
