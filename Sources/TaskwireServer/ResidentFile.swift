import Foundation
import JSONRPC

#if canImport(Glibc)
  import Glibc
#endif

/// The file beside a store (`STORE.server`, mode 0600) that tells its clients where the resident
/// server listens: one line, `PORT CLIENT_TOKEN SERVER_TOKEN PID TZ` (TZ as the server runs with
/// it, empty when unset: a client with another one serves itself, as the server reads dates in
/// its own zone).
///
/// The handshake, before any JSON-RPC: on accepting, the server writes `SERVER_TOKEN` and a
/// newline, which the client checks before it sends anything (a process that took the port
/// after the server died learns nothing); the client then writes `CLIENT_TOKEN`, a space, the
/// `TZ` it runs with (empty when unset) and a newline. A wrong token or another zone closes the
/// connection.
struct ResidentFile {
  let path: String
  let clientToken: String
  let serverToken: String

  /// Held for the server's life (`STORE.server.lock`, flock): one resident server per store.
  /// Nil when another process holds it.
  static func lock(store: String) -> Int32? {
    let fd = open(store + ".server.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard fd >= 0 else { return nil }
    guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
      close(fd)
      return nil
    }
    return fd
  }

  /// Writes the file whole (a temporary file renamed over it), so that a client never reads
  /// half of it.
  static func publish(store: String, port: UInt16, zone: String) -> ResidentFile? {
    let file = ResidentFile(path: store + ".server", clientToken: token(), serverToken: token())
    let temporary = file.path + ".\(getpid())"
    let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard fd >= 0 else { return nil }
    fchmod(fd, 0o600)
    let line = "\(port) \(file.clientToken) \(file.serverToken) \(getpid()) \(zone)\n"
    let written = (try? FrameWriter.writeAll(Array(line.utf8), to: fd)) != nil
    close(fd)
    guard written, rename(temporary, file.path) == 0 else {
      unlink(temporary)
      return nil
    }
    return file
  }

  /// 128 random bits as hex, from the system's cryptographic generator.
  static func token() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<2).map { _ in
      let hex = String(generator.next() as UInt64, radix: 16)
      return String(repeating: "0", count: 16 - hex.count) + hex
    }.joined()
  }

  /// Whether the file still names this server (a test removing its folder, or a second server
  /// after a crash, means this one should go).
  var isStillOurs: Bool {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return false }
    return text.split(separator: " ").dropFirst(2).first.map(String.init) == serverToken
  }

  /// The handshake; true when the client may go on.
  func admit(_ descriptor: Int32, zone: String) -> Bool {
    guard (try? FrameWriter.writeAll(Array((serverToken + "\n").utf8), to: descriptor)) != nil,
      let line = Self.readLine(descriptor)
    else { return false }
    let parts = line.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
    guard Self.sameBytes(String(parts[0]), clientToken) else { return false }
    return (parts.count > 1 ? String(parts[1]) : "") == zone
  }

  /// Removes the file if it is still this server's.
  func remove() {
    if isStillOurs { unlink(path) }
  }

  /// One line of at most 512 bytes, read a byte at a time so that nothing after it (the
  /// client's first request) is taken from the socket before the frame reader starts.
  static func readLine(_ descriptor: Int32) -> String? {
    var bytes: [UInt8] = []
    var byte: UInt8 = 0
    while bytes.count < 512 {
      guard read(descriptor, &byte, 1) == 1 else { return nil }
      if byte == 0x0A { return String(decoding: bytes, as: UTF8.self) }
      bytes.append(byte)
    }
    return nil
  }

  /// Compares in time that does not depend on where the first difference is.
  static func sameBytes(_ a: String, _ b: String) -> Bool {
    let x = Array(a.utf8)
    let y = Array(b.utf8)
    guard x.count == y.count else { return false }
    return zip(x, y).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
  }
}
