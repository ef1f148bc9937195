import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The resident server's handshakes, all at once: the port is open to every local user, and a
/// connection that says nothing must not keep a proven client waiting. Every connection is
/// accepted at once (the kernel's queue never fills) and waits here, non-blocking, until its
/// line is whole (then it is checked), or its quarter second is up, or it is one too many
/// (the oldest goes). A client whose line arrives is answered at the next turn of the loop,
/// whatever the others do.
final class ResidentDoor {
  private struct Waiting {
    let descriptor: Int32
    let deadline: Double
    var line: [UInt8] = []
  }

  static let handshakeSeconds = 0.25
  static let maxWaiting = 128
  private let file: ResidentFile
  private let zone: String
  private var waiting: [Waiting] = []

  init(file: ResidentFile, zone: String) {
    self.file = file
    self.zone = zone
  }

  var descriptors: [Int32] { waiting.map(\.descriptor) }

  /// Milliseconds until the nearest handshake runs out (nil: none waits).
  func timeout(now: Double) -> Int32? {
    waiting.map(\.deadline).min().map { Int32(max(0, ($0 - now) * 1000)) + 1 }
  }

  /// Accepts every connection the listener holds.
  func acceptAll(from listener: LoopbackListener, now: Double) {
    while let fd = listener.accept() {
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
      if waiting.count >= Self.maxWaiting { evictOne() }
      waiting.append(Waiting(descriptor: fd, deadline: now + Self.handshakeSeconds))
    }
  }

  /// Reads what the ready connections sent; closes the failed and the expired ones. Returns
  /// the proven clients (blocking again, answered with the server's token), oldest first.
  func admitReady(_ ready: Set<Int32>, now: Double) -> [Int32] {
    var admitted: [Int32] = []
    var kept: [Waiting] = []
    for var entry in waiting {
      switch ready.contains(entry.descriptor) ? Self.read(&entry) : .waiting {
      case .waiting where entry.deadline > now: kept.append(entry)
      case .line(let text) where admit(entry.descriptor, line: text): admitted.append(entry.descriptor)
      default: close(entry.descriptor)
      }
    }
    waiting = kept
    return admitted
  }

  /// Makes room: the newest connection that has sent nothing yet goes (a flood of new ones
  /// then pushes out only its own kind, never a client whose line is arriving), else the oldest.
  private func evictOne() {
    let index = waiting.lastIndex { $0.line.isEmpty } ?? waiting.startIndex
    close(waiting.remove(at: index).descriptor)
  }

  func closeAll() {
    for entry in waiting { close(entry.descriptor) }
    waiting = []
  }

  private enum Reading {
    case waiting
    case line(String)
    case failed
  }

  /// Up to the newline, a byte at a time, so that nothing after it (the first request) is
  /// taken from the socket before the frame reader starts; at most 512 bytes.
  private static func read(_ entry: inout Waiting) -> Reading {
    var byte: UInt8 = 0
    while entry.line.count < 512 {
      let count = Glibc.read(entry.descriptor, &byte, 1)
      if count < 0 && (errno == EAGAIN || errno == EINTR) { return .waiting }
      guard count == 1 else { return .failed }
      if byte == 0x0A { return .line(String(decoding: entry.line, as: UTF8.self)) }
      entry.line.append(byte)
    }
    return .failed
  }

  private func admit(_ descriptor: Int32, line: String) -> Bool {
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
    return file.admit(descriptor, line: line, zone: zone)
  }
}
