import Foundation
import JSON
import TaskwireTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A parent may hand over a non-blocking stdin: a read that finds nothing yet is not the end.
@Suite struct NonBlockingInputTests {
  @Test func aNonBlockingStdinWaitsForInput() throws {
    let input = Pipe()
    let output = Pipe()
    let reading = input.fileHandleForReading.fileDescriptor
    _ = fcntl(reading, F_SETFL, fcntl(reading, F_GETFL) | O_NONBLOCK)
    let process = Process()
    process.executableURL = TaskwireProcess.binary
    process.arguments = ["--memory"] + TaskwireProcess.clockArguments
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    defer { if process.isRunning { process.terminate() } }
    usleep(300_000)
    #expect(process.isRunning, "still waiting for its first request")
    let requests = [
      #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#,
      #"{"jsonrpc":"2.0","id":2,"method":"task/create","params":{"title":"later"}}"#,
    ]
    input.fileHandleForWriting.write(Data((requests.joined(separator: "\n") + "\n").utf8))
    try input.fileHandleForWriting.close()
    let replies = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      .split(separator: "\n").map { try? JSONParser.parse(Array($0.utf8)) }
    process.waitUntilExit()
    #expect(replies.count == 2)
    #expect(replies.last??["result"]?["task"]?["title"] == "later")
    #expect(process.terminationStatus == 0)
  }
}
