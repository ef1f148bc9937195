import Foundation
import JSONRPC

#if canImport(Glibc)
  import Glibc
#endif

/// The file beside a store (`STORE.server`, mode 0600) that tells its clients where the resident
/// server listens: one line, `PORT CLIENT_TOKEN SERVER_TOKEN PID ZONE`, ZONE being `TZ=` and the
/// `TZ` the server runs with, or `-` when it has none (a client with another serves itself, as
/// the server reads dates in its own zone).
///
/// The handshake, before any JSON-RPC: the client writes `CLIENT_TOKEN`, a space, its ZONE and
/// a newline; the server answers `SERVER_TOKEN` and a newline only when both match (otherwise it
/// closes the connection, having read nothing more), and the client checks that answer before
/// it sends a request. So the server's token goes only to a client that proved itself, and a
/// process that took the port after the server died cannot pass for it. The client's line must
/// come whole within a quarter of a second.
struct ResidentFile {
  let path: String
  let clientToken: String
  let serverToken: String

  /// Held for the server's life (`STORE.server.lock`, flock): one resident server per store.
  /// Nil when another process holds it.
  static func lock(store: String) -> Int32? {
    let fd = open(store + ".server.lock", O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
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
    // A new file of our own (never one someone else made, nor a link to one), then renamed.
    let temporary = file.path + ".\(getpid())"
    unlink(temporary)
    let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard fd >= 0 else { return nil }
    guard fchmod(fd, 0o600) == 0 else {
      close(fd)
      unlink(temporary)
      return nil
    }
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

  /// The word for a zone: `TZ=` and its value, or `-` without one.
  static func zoneWord(_ tz: String?) -> String { tz.map { "TZ=" + $0 } ?? "-" }

  /// The handshake; true when the client proved itself and was answered.
  func admit(_ descriptor: Int32, zone: String) -> Bool {
    guard let line = Self.readLine(descriptor, deadline: 0.25) else { return false }
    let parts = line.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
    guard Self.sameBytes(String(parts[0]), clientToken), (parts.count > 1 ? String(parts[1]) : "") == zone else {
      return false
    }
    return (try? FrameWriter.writeAll(Array((serverToken + "\n").utf8), to: descriptor, givingUpOnTimeout: true)) != nil
  }

  /// Removes the file if it is still this server's.
  func remove() {
    if isStillOurs { unlink(path) }
  }

  /// One line of at most 512 bytes, read a byte at a time so that nothing after it (the
  /// client's first request) is taken from the socket before the frame reader starts, and
  /// whole within `deadline` seconds (a client that drips bytes holds no one up).
  static func readLine(_ descriptor: Int32, deadline: Double) -> String? {
    var bytes: [UInt8] = []
    var byte: UInt8 = 0
    let end = ProcessInfo.processInfo.systemUptime + deadline
    while bytes.count < 512 {
      let left = end - ProcessInfo.processInfo.systemUptime
      var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      guard left > 0, poll(&ready, 1, Int32(left * 1000) + 1) == 1, read(descriptor, &byte, 1) == 1 else { return nil }
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
