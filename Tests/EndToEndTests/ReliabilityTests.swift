import Foundation
import JSON
import TaskwireTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Bad input, floods, closed pipes and signals: the server keeps answering and loses nothing.
@Suite struct ReliabilityTests {
  /// The server's peak resident memory so far, in MiB (Linux's VmHWM).
  func peakMemory(_ server: TaskwireProcess) -> Double? {
    guard let status = try? String(contentsOfFile: "/proc/\(server.process.processIdentifier)/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
      let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "")
    else { return nil }
    return kilobytes / 1024
  }

  /// nst/JSONTestSuite through the binary: every file that fits on one line, sent as a line.
  @Test func jsonTestSuiteCorpus() throws {
    let folder = ContractTests.root.deletingLastPathComponent().appendingPathComponent(
      "shared/corpora/JSONTestSuite/test_parsing")
    guard let files = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else {
      print("skipped: no ../shared")
      return
    }
    let server = try TaskwireProcess.started(["--db", try temporaryFolder().appendingPathComponent("t.sqlite").path])
    var checked = 0
    for file in files.sorted() where file.hasSuffix(".json") {
      let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(file)))
      guard !bytes.contains(0x0A), !bytes.contains(0x0D) else { continue }
      server.sendBytes(bytes + [0x0A])
      // A sentinel after each line shows whether the line got an answer, and which.
      server.send(#"{"jsonrpc":"2.0","id":"sentinel","method":"tags/list"}"#)
      var replies: [JSONValue] = []
      while true {
        let reply = try server.readMessage()
        if reply["id"] == "sentinel" { break }
        replies.append(reply)
      }
      checked += 1
      let blank = bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 }
      if blank {
        #expect(replies.isEmpty, "\(file): a blank line is ignored")
        continue
      }
      let reply = try #require(replies.first, "\(file) got no answer")
      #expect(replies.count == 1, "\(file)")
      let codes = (reply.arrayValue ?? [reply]).map { $0["error"]?["code"]?.integerValue }
      if file.hasPrefix("y_") {
        #expect(codes.allSatisfy { $0 == -32600 }, "\(file) → \(JSONWriter.string(reply))")
      } else if file.hasPrefix("n_") {
        #expect(codes == [-32700], "\(file) → \(JSONWriter.string(reply))")
      } else {
        #expect(codes.allSatisfy { $0 == -32700 || $0 == -32600 }, "\(file) → \(JSONWriter.string(reply))")
      }
    }
    #expect(checked > 250)
    #expect(try server.result("view/list", ["view": "all"])["groups"]?[0]?["tasks"] == [], "the store is untouched")
  }

  @Test func aHundredMebibytesWithoutNewlineKeepsMemoryBounded() throws {
    let server = try TaskwireProcess.started()
    let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20)
    let written = DispatchSemaphore(value: 0)
    let writer = Thread {
      for _ in 0..<100 { server.sendBytes(chunk) }
      written.signal()
    }
    writer.start()
    let reply = try server.readMessage(timeout: 60)
    #expect(reply["error"]?["code"] == -32600)
    written.wait()
    let memory = try #require(peakMemory(server))
    #expect(memory < 64, "peak RSS \(memory) MiB")
    // The rest of the line is skipped; the next line is served.
    server.send("")
    #expect(try server.result("tags/list") == ["tags": [], "projects": []])
    server.closeInput()
    #expect(server.waitForExit(timeout: 60) == 0)
  }

  @Test func aFloodOfRequestsWhileNotReadingNeitherDeadlocksNorGrows() throws {
    let server = try TaskwireProcess.started()
    let line = Array(#"{"jsonrpc":"2.0","id":1,"method":"view/list","params":{"view":"today"}}"#.utf8) + [0x0A]
    let count = 20 * 1024 * 1024 / line.count
    let writer = Thread {
      var batch: [UInt8] = []
      for _ in 0..<count {
        batch += line
        if batch.count > 1 << 16 {
          server.sendBytes(batch)
          batch.removeAll(keepingCapacity: true)
        }
      }
      // shutdown and exit end it: the end of input may come late when other tests' children
      // hold a copy of the pipe, as they do while the whole suite runs in parallel.
      server.sendBytes(
        batch + Array(#"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#.utf8) + [0x0A]
          + Array(#"{"jsonrpc":"2.0","method":"exit"}"#.utf8) + [0x0A])
      server.closeInput()
    }
    writer.start()
    Thread.sleep(forTimeInterval: 2)  // stdout is not read meanwhile
    let memory = try #require(peakMemory(server))
    #expect(memory < 64, "peak RSS \(memory) MiB while the client does not read")
    var answered = 0
    while server.readLine(timeout: 30) != nil { answered += 1 }
    #expect(answered == count + 1, "every request answered, and shutdown")
    #expect(server.waitForExit(timeout: 60) == 0)
  }

  @Test func aClosedStdoutEndsTheProcessCleanlyAndKeepsTheChange() throws {
    let db = try temporaryFolder().appendingPathComponent("t.sqlite").path
    let server = try TaskwireProcess.started(["--db", db])
    try server.output.fileHandleForReading.close()
    server.send(#"{"jsonrpc":"2.0","id":1,"method":"task/create","params":{"title":"kept"}}"#)
    try #require(server.waitForExit() == 0, "exited (not hung)")
    #expect(server.process.terminationReason == .exit, "not killed by a signal")
    let again = try TaskwireProcess.started(["--db", db])
    #expect(try again.result("task/get", ["id": 1])["task"]?["title"] == "kept")
  }

  @Test(arguments: [SIGTERM, SIGINT])
  func signalsCloseTheStoreAndExitZero(signal: Int32) throws {
    let db = try temporaryFolder().appendingPathComponent("t.sqlite").path
    let server = try TaskwireProcess.started(["--db", db])
    try server.result("task/create", ["title": "before the signal"])
    kill(server.process.processIdentifier, signal)
    try #require(server.waitForExit() == 0, "exited (not hung)")
    #expect(server.process.terminationReason == .exit)
    // Closed cleanly: the WAL was checkpointed into the file and emptied (the empty file stays
    // for the next start), so the file alone, copied without it, holds the change.
    let walSize = (try? FileManager.default.attributesOfItem(atPath: db + "-wal")[.size] as? Int) ?? 0
    #expect(walSize == 0)
    let copy = db + "-copy.sqlite"
    try FileManager.default.copyItem(atPath: db, toPath: copy)
    let again = try TaskwireProcess.started(["--db", copy])
    #expect(try again.result("task/get", ["id": 1])["task"]?["title"] == "before the signal")
  }

  @Test func theStoreNeverOpensOnStandardDescriptors() throws {
    let db = try temporaryFolder().appendingPathComponent("t.sqlite").path
    // stdout and stderr closed by the parent: the store must not land on 1 or 2.
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "exec \"$0\" --db \"$1\" >&- 2>&-", TaskwireProcess.binary.path, db]
    let input = Pipe()
    process.standardInput = input
    try process.run()
    defer { try? input.fileHandleForWriting.close() }
    var found: [Int] = []
    for _ in 0..<100 where found.isEmpty {
      Thread.sleep(forTimeInterval: 0.05)
      let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(process.processIdentifier)/fd")) ?? []
      for fd in fds {
        if let target = try? FileManager.default.destinationOfSymbolicLink(
          atPath: "/proc/\(process.processIdentifier)/fd/\(fd)"),
          target == db, let number = Int(fd)
        {
          found.append(number)
        }
      }
    }
    #expect(!found.isEmpty, "the store is open")
    #expect(found.allSatisfy { $0 > 2 }, "store on descriptors \(found)")
    try input.fileHandleForWriting.close()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
  }

  @Test func everyIdFormHasItsDocumentedResult() throws {
    let server = try TaskwireProcess.started()
    let cases: [(String, String)] = [
      ("9007199254740993", #""id":9007199254740993,"result""#),
      ("-0", #""id":-0,"result""#),
      (#""x\u0000y""#, #""id":"x\u0000y","result""#),
      ("null", #""id":null,"error":{"code":-32600"#),
      ("1.0", #""id":null,"error":{"code":-32600"#),
      ("1e400", #""id":null,"error":{"code":-32600"#),
      ("[1]", #""id":null,"error":{"code":-32600"#),
      ("true", #""id":null,"error":{"code":-32600"#),
    ]
    for (id, expected) in cases {
      server.send(#"{"jsonrpc":"2.0","id":\#(id),"method":"tags/list"}"#)
      let line = try #require(server.readLine())
      #expect(line.contains(expected), "\(id) → \(line)")
    }
  }
}
