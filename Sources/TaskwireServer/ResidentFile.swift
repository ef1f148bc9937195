import Foundation
import JSONRPC
import TaskwireStore

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
/// come whole within a quarter of a second (`ResidentDoor`).
struct ResidentFile {
  let path: String
  let clientToken: String
  let serverToken: String

  /// Held for the server's life (`STORE.server.lock`, flock): one resident server per store.
  /// Nil when another process holds it.
  static func lock(store: String) -> Int32? {
    guard let fd = SafeFile.openOwned(store + ".server.lock", flags: O_RDWR, create: true) else {
      // Not ours (planted by another user in a shared folder): said, as no server will run.
      ServerLog.write("taskwire: \(store).server.lock is not this user's own file: no resident server\n")
      return nil
    }
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
    guard let (fd, temporary) = try? SafeFile.createTemporary(beside: file.path) else { return nil }
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

  /// The handshake, once the client's line came (`ResidentDoor`): true when it proved itself
  /// and was answered.
  func admit(_ descriptor: Int32, line: String, zone: String) -> Bool {
    let parts = line.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
    guard Self.sameBytes(String(parts.first ?? ""), clientToken), (parts.count > 1 ? String(parts[1]) : "") == zone
    else {
      return false
    }
    return (try? FrameWriter.writeAll(Array((serverToken + "\n").utf8), to: descriptor, givingUpOnTimeout: true)) != nil
  }

  /// Removes the file if it is still this server's.
  func remove() {
    if isStillOurs { unlink(path) }
  }

  /// Compares in time that does not depend on where the first difference is.
  static func sameBytes(_ a: String, _ b: String) -> Bool {
    let x = Array(a.utf8)
    let y = Array(b.utf8)
    guard x.count == y.count else { return false }
    return zip(x, y).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
  }
}
