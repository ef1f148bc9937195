import Foundation
import TaskwireTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The resident server's port is open to every local user (issue 26): connections that say
/// nothing must not keep the store's owner waiting, and a signal ends the server even while a
/// client holds it.
@Suite struct ResidentDoorTests {
  struct Resident {
    let process = Process()
    let store: String
    let port: UInt16
    let clientToken: String
    let serverToken: String
    let zone: String

    init() throws {
      store = try temporaryFolder().appendingPathComponent("tasks.sqlite").path
      process.executableURL = TaskwireProcess.binary
      process.arguments = ["--resident", "--db", store, "--idle-minutes", "1"]
      process.standardInput = FileHandle.nullDevice
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      var text: String? = nil
      for _ in 0..<200 where text == nil {
        text = try? String(contentsOfFile: store + ".server", encoding: .utf8)
        if text == nil { usleep(25_000) }
      }
      let words = try #require(text).split(separator: " ").map(String.init)
      try #require(words.count == 5)
      port = try #require(UInt16(words[0]))
      clientToken = words[1]
      serverToken = words[2]
      zone = words[4].trimmingCharacters(in: .newlines)
    }

    func stop() {
      if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }
  }

  static func connect(_ port: UInt16) -> Int32 {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = port.bigEndian
    _ = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    var timeout = timeval(tv_sec: 10, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    return fd
  }

  static func send(_ text: String, to fd: Int32) {
    _ = Array(text.utf8).withUnsafeBytes { write(fd, $0.baseAddress!, $0.count) }
  }

  static func readLine(_ fd: Int32) -> String? {
    var bytes: [UInt8] = []
    var byte: UInt8 = 0
    while bytes.count < 1_000_000, read(fd, &byte, 1) == 1 {
      if byte == 0x0A { return String(decoding: bytes, as: UTF8.self) }
      bytes.append(byte)
    }
    return nil
  }

  /// Proves itself, initializes and lists the Inbox; the seconds it took.
  static func session(_ resident: Resident) throws -> Double {
    let start = Date()
    let fd = connect(resident.port)
    defer { close(fd) }
    send("\(resident.clientToken) \(resident.zone)\n", to: fd)
    #expect(readLine(fd) == resident.serverToken)
    send(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"# + "\n", to: fd)
    #expect(readLine(fd)?.contains(#""id":1"#) == true)
    send(#"{"jsonrpc":"2.0","id":2,"method":"view/list","params":{"view":"inbox"}}"# + "\n", to: fd)
    #expect(readLine(fd)?.contains(#""groups""#) == true)
    return Date().timeIntervalSince(start)
  }

  @Test func silentConnectionsDoNotKeepTheOwnerWaiting() throws {
    let resident = try Resident()
    defer { resident.stop() }
    let idle = (0..<64).map { _ in Self.connect(resident.port) }
    defer { for fd in idle { close(fd) } }
    // 64 silent connections cost 16 s when each had its quarter second in turn.
    let took = try Self.session(resident)
    #expect(took < 1.5, "served in \(took) s behind 64 silent connections")
    #expect(try Self.session(resident) < 1.5)
  }

  @Test func aSignalEndsTheServerWhileAClientStopsReading() throws {
    let resident = try Resident()
    defer { resident.stop() }
    let fd = Self.connect(resident.port)
    defer { close(fd) }
    var small: Int32 = 4096
    setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &small, socklen_t(MemoryLayout<Int32>.size))
    Self.send("\(resident.clientToken) \(resident.zone)\n", to: fd)
    #expect(Self.readLine(fd) == resident.serverToken)
    let title = String(repeating: "y", count: 3000)
    var lines = [#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{}}"#]
    lines += (1...20).map { #"{"jsonrpc":"2.0","id":\#($0),"method":"task/create","params":{"title":"\#(title)"}}"# }
    lines += (21..<40).map { #"{"jsonrpc":"2.0","id":\#($0),"method":"view/list","params":{"view":"inbox"}}"# }
    Self.send(lines.joined(separator: "\n") + "\n", to: fd)
    usleep(700_000)  // the replies (over 1 MB) are not read: the server blocks in a write
    kill(resident.process.processIdentifier, SIGTERM)
    var waited = 0
    while resident.process.isRunning && waited < 40 {
      usleep(50_000)
      waited += 1
    }
    #expect(!resident.process.isRunning, "SIGTERM ended the resident server within 2 s")
    #expect(!FileManager.default.fileExists(atPath: resident.store + ".server"), "its file went with it")
  }
}
