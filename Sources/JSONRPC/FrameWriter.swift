import JSON

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes whole messages to a file descriptor with `write(2)`, each flushed as it is written.
/// A closed pipe is reported as an error, never a signal or a trap.
public final class FrameWriter {
  public struct Closed: Error {}

  private let descriptor: Int32
  public var framing: Framing
  /// A socket with a send timeout: a write that timed out (EAGAIN) means the reader stalled,
  /// and the connection is given up. (On a pipe EAGAIN means try again.)
  private let givingUpOnTimeout: Bool

  public init(descriptor: Int32, framing: Framing = .newline, givingUpOnTimeout: Bool = false) {
    self.descriptor = descriptor
    self.framing = framing
    self.givingUpOnTimeout = givingUpOnTimeout
  }

  public func send(_ body: consuming [UInt8]) throws(Closed) {
    switch framing {
    case .newline:
      body.append(0x0A)
      try Self.writeAll(body, to: descriptor, givingUpOnTimeout: givingUpOnTimeout)
    case .contentLength:
      var bytes = Array("Content-Length: \(body.count)\r\n\r\n".utf8)
      bytes.append(contentsOf: body)
      try Self.writeAll(bytes, to: descriptor, givingUpOnTimeout: givingUpOnTimeout)
    }
  }

  /// Writes one line as `body` encodes it, in chunks (newline framing: nothing comes before
  /// the text, so nothing needs its length). A write that fails stops the writing.
  public func stream(_ body: (inout JSONWriter) -> Void) throws(Closed) {
    var failed = false
    let descriptor = self.descriptor
    let givingUp = givingUpOnTimeout
    var json = JSONWriter { chunk in
      guard !failed else { return }
      do throws(Closed) {
        try Self.writeAll(chunk, to: descriptor, givingUpOnTimeout: givingUp)
      } catch {
        failed = true
      }
    }
    body(&json)
    json.append(raw: "\n")
    json.finish()
    if failed { throw Closed() }
  }

  public static func writeAll(_ bytes: [UInt8], to descriptor: Int32, givingUpOnTimeout: Bool = false) throws(Closed) {
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { raw in
        write(descriptor, raw.baseAddress! + offset, raw.count - offset)
      }
      if written < 0 {
        if errno == EINTR || (errno == EAGAIN && !givingUpOnTimeout) { continue }
        throw Closed()
      }
      offset += written
    }
  }
}
