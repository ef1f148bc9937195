import JSON

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes whole messages to a file descriptor with `write(2)`, each flushed as it is written.
/// A closed pipe is reported as an error, never a signal or a trap. One caller at a time (a
/// serving loop, or a resident session's thread): the line buffer it keeps between messages and
/// a stream's failure are its own state.
public final class FrameWriter {
  public struct Closed: Error {}

  private let descriptor: Int32
  public var framing: Framing
  /// A socket with a send timeout: a write that timed out (EAGAIN) means the reader stalled,
  /// and the connection is given up. (On a pipe EAGAIN means try again.)
  private let givingUpOnTimeout: Bool
  /// The line buffer (about 256 KiB) kept between messages, taken while one is written (the
  /// writer's own memory, freed with the frame writer).
  private var lineBuffer = UnsafeMutableBufferPointer<UInt8>(start: nil, count: 0)

  public init(descriptor: Int32, framing: Framing = .newline, givingUpOnTimeout: Bool = false) {
    self.descriptor = descriptor
    self.framing = framing
    self.givingUpOnTimeout = givingUpOnTimeout
  }

  deinit { lineBuffer.deallocate() }

  /// A pipe of 1 MiB instead of Linux's 64 KiB, when `descriptor` is a pipe and the system lets
  /// an unprivileged process have one (`/proc/sys/fs/pipe-max-size`, 1 MiB by default): a long
  /// reply (Today's 10k tasks with display parts are 5 MB) then crosses in a sixteenth of the
  /// wake-ups of both processes (its round trip 28 → 16 ms p50 here). Nothing changes when it is
  /// refused; the kernel holds only what is written and not yet read.
  public static func widenPipe(_ descriptor: Int32) {
    #if os(Linux)
      var status = stat()
      guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFIFO else { return }
      _ = fcntl(descriptor, 1031, Int32(1 << 20))  // F_SETPIPE_SZ
    #endif
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
    streamFailed = false
    let buffer = lineBuffer
    lineBuffer = UnsafeMutableBufferPointer(start: nil, count: 0)
    // (The closure holds only `self`: no context is allocated for it, message after message.)
    var json = JSONWriter(reusing: buffer) { chunk in self.writeChunk(chunk) }
    body(&json)
    json.append(raw: "\n")
    json.finish()
    // Kept for the next message, unless a long string grew it past two chunks.
    let used = json.takeBuffer()
    if used.count <= 2 * JSONWriter.spillSize { lineBuffer = used } else { used.deallocate() }
    if streamFailed { throw Closed() }
  }

  /// Whether a chunk of the line being streamed could not be written: the rest is dropped.
  private var streamFailed = false

  private func writeChunk(_ chunk: UnsafeRawBufferPointer) {
    guard !streamFailed else { return }
    do throws(Closed) {
      try Self.writeAll(chunk, to: descriptor, givingUpOnTimeout: givingUpOnTimeout)
    } catch {
      streamFailed = true
    }
  }

  public static func writeAll(_ bytes: [UInt8], to descriptor: Int32, givingUpOnTimeout: Bool = false) throws(Closed) {
    let written = bytes.withUnsafeBytes { raw in
      (try? writeAll(raw, to: descriptor, givingUpOnTimeout: givingUpOnTimeout)) != nil
    }
    if !written { throw Closed() }
  }

  public static func writeAll(
    _ bytes: UnsafeRawBufferPointer, to descriptor: Int32, givingUpOnTimeout: Bool = false
  ) throws(Closed) {
    guard let start = bytes.baseAddress else { return }
    var offset = 0
    while offset < bytes.count {
      let written = write(descriptor, start + offset, bytes.count - offset)
      if written < 0 {
        if errno == EINTR || (errno == EAGAIN && !givingUpOnTimeout) { continue }
        throw Closed()
      }
      offset += written
    }
  }
}
