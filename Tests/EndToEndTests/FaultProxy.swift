import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// `Tests/support/faultproxy.py`: a loopback TCP proxy between a device and PostgreSQL that a
/// test cuts (every connection ended, new ones refused), restores, or resets (every
/// connection dropped in the middle of whatever was in flight).
final class FaultProxy {
  let process = Process()
  private let commands = Pipe()
  private let replies = Pipe()
  let port: Int

  /// A proxy to the PostgreSQL at `targetPort` on 127.0.0.1.
  init(targetPort: Int) throws {
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    let script = ContractTests.root.appendingPathComponent("Tests/support/faultproxy.py").path
    process.arguments = ["python3", script, String(targetPort)]
    process.standardInput = commands
    process.standardOutput = replies
    try process.run()
    guard let line = Self.line(replies), let port = Int(line) else {
      process.terminate()
      throw CocoaError(.fileReadCorruptFile)
    }
    self.port = port
  }

  deinit {
    // Ended by a signal, not by the end of its input: another child spawned meanwhile may hold
    // a copy of that pipe's writing end.
    // (SIGKILL: a child of the test process may start with SIGTERM blocked.)
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
  }

  func cut() { command("cut") }
  func restore() { command("restore") }
  func reset() { command("reset") }
  func stall() { command("stall") }

  private func command(_ text: String) {
    commands.fileHandleForWriting.write(Data((text + "\n").utf8))
    _ = Self.line(replies)
  }

  private static func line(_ pipe: Pipe) -> String? {
    var bytes: [UInt8] = []
    while let byte = try? pipe.fileHandleForReading.read(upToCount: 1), let first = byte.first {
      if first == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
      bytes.append(first)
    }
    return nil
  }
}
