import Foundation
import JSON
import JSONRPC
import TaskwireStore

#if canImport(Glibc)
  import Glibc
#endif

/// `--record FILE`: every message in both directions, in order, as JSON lines after a header
/// that holds the server's flags. Input that is not JSON is kept as text (`inText`) or, when it
/// is not even UTF-8, as hex (`inHex`), so that bad-input sessions replay too.
final class SessionRecorder: ConnectionObserver {
  private let descriptor: Int32

  /// A recording holds every task: it is a new file of ours, 0600, put under its name at once
  /// (replacing whatever was there, a planted link included, never writing through it).
  init(path: String, flags: [String]) throws {
    let file = try SafeFile.createTemporary(beside: path)
    guard rename(file.path, path) == 0 else {
      let reason = String(cString: strerror(errno))
      close(file.descriptor)
      unlink(file.path)
      throw SafeFile.Failure("cannot write the session file \(path): \(reason)")
    }
    descriptor = file.descriptor
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

  func sent(_ message: OutgoingJSON) { write(.object([("out", message)])) }

  private func write(_ line: JSONValue) { write(.value(line)) }

  private func write(_ line: OutgoingJSON) {
    try? FrameWriter.writeAll(JSONWriter.encode(line) + [0x0A], to: descriptor)
  }
}
