import Foundation
import JSON
import JSONRPC

#if canImport(Glibc)
  import Glibc
#endif

/// `--record FILE`: every message in both directions, in order, as JSON lines after a header
/// that holds the server's flags. Input that is not JSON is kept as text (`inText`) or, when it
/// is not even UTF-8, as hex (`inHex`), so that bad-input sessions replay too.
final class SessionRecorder: ConnectionObserver {
  private let descriptor: Int32

  init(path: String, flags: [String]) throws {
    descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    // A recording holds every task: only its owner reads it, even when the file existed.
    if descriptor >= 0 { fchmod(descriptor, 0o600) }
    guard descriptor >= 0 else {
      throw RPCError.internalError("cannot write the session file \(path): \(String(cString: strerror(errno)))")
    }
    write(["session": "taskwire", "version": 1, "flags": .array(flags.map(JSONValue.string))])
  }

  func received(_ bytes: [UInt8]) {
    if let value = try? JSONParser.parse(bytes) {
      write(["in": value])
    } else if let text = String(validating: bytes, as: UTF8.self) {
      write(["inText": .string(text)])
    } else {
      write(["inHex": .string(bytes.map { String(format: "%02x", $0) }.joined())])
    }
  }

  func sent(_ message: JSONValue) { write(["out": message]) }

  private func write(_ line: JSONValue) {
    try? FrameWriter.writeAll(JSONWriter.encode(line) + [0x0A], to: descriptor)
  }
}
