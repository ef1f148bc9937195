#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How messages are delimited on the stream: one per line, or LSP's `Content-Length` headers.
public enum Framing: Sendable, Equatable {
  case newline
  case contentLength
}

/// One unit read off the input stream.
public enum Frame: Sendable, Equatable {
  /// The bytes of one message, without its line end or headers.
  case message([UInt8])
  /// A message longer than the limit; its bytes were skipped, never held in memory.
  case oversized
  /// LSP headers that cannot be read; the stream cannot be resynchronised after this.
  case badHeader(String)
}

/// Reads frames from a file descriptor with raw `read(2)`, so that bytes reach the JSON parser
/// exactly as sent (no UTF-8 repair), and memory stays bounded by `maxMessageBytes` whatever
/// arrives. The framing is detected from the first bytes of the stream.
public final class FrameReader {
  public let maxMessageBytes: Int
  public private(set) var framing: Framing? = nil
  private let descriptor: Int32
  private var buffer: [UInt8] = []
  private var start = 0
  private var atEnd = false
  /// After an oversized line: the rest of it is still to be skipped.
  private var skippingLine = false
  /// Where each read(2) lands before its bytes join the buffer.
  private var scratch = [UInt8](repeating: 0, count: 65_536)
  /// Called before each read that may block: the owner may wait there for the descriptor to
  /// be readable while it watches others (the server's loop serves its own wake-ups there).
  /// False ends the stream (the owner was asked to stop: a shutdown signal). A read that a
  /// signal interrupts comes back here.
  public var waitForInput: (() -> Bool)? = nil
  /// A read that finds nothing yet on a non-blocking descriptor (EAGAIN: a parent may hand
  /// over stdin so) waits for input and reads again, instead of ending the stream. Off for a
  /// socket whose receive timeout reports a silent client as EAGAIN.
  public var waitsWhenNotReady = false

  public init(descriptor: Int32, maxMessageBytes: Int) {
    self.descriptor = descriptor
    self.maxMessageBytes = maxMessageBytes
  }

  /// The next frame, or nil at the end of the stream.
  public func next() -> Frame? {
    if framing == nil {
      guard let detected = detectFraming() else { return nil }
      framing = detected
    }
    switch framing! {
    case .newline: return nextLine()
    case .contentLength: return nextContentLengthFrame()
    }
  }

  /// LSP framing starts with a header line, `Name: value` (the LSP spec allows `Content-Type`
  /// first); a JSON message starts with `{`, `[` or white space. A first byte that is a letter
  /// followed by header-name characters and a `:` is LSP; anything else is a line.
  private func detectFraming() -> Framing? {
    var offset = 0
    while true {
      let pending = buffer[start...]
      while offset < pending.count {
        let byte = pending[pending.startIndex + offset]
        let isLetter = (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A
        let isNameByte = isLetter || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D || byte == 0x5F
        if offset == 0 && !isLetter { return .newline }
        if byte == 0x3A { return .contentLength }
        if !isNameByte { return .newline }
        offset += 1
      }
      if atEnd { return pending.isEmpty ? nil : .newline }
      fill()
    }
  }

  private func nextLine() -> Frame? {
    if skippingLine {
      skipRestOfLine()
      skippingLine = false
    }
    var searchFrom = start
    while true {
      if let newline = buffer[searchFrom...].firstIndex(of: 0x0A) {
        var end = newline
        if end > start, buffer[end - 1] == 0x0D { end -= 1 }
        // A whole line may arrive in one read: it is still refused when it is too long.
        if end - start > maxMessageBytes {
          start = newline + 1
          return .oversized
        }
        let line = Array(buffer[start..<end])
        start = newline + 1
        // Blank lines (and lines of only spaces or tabs) are keep-alives, not messages.
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
          searchFrom = start
          continue
        }
        return .message(line)
      }
      if buffer.count - start > maxMessageBytes {
        // Answer at once; the rest of the line is skipped before the next frame is read.
        buffer.removeAll(keepingCapacity: true)
        start = 0
        skippingLine = true
        return .oversized
      }
      if atEnd {
        // A last line without a newline is still a message.
        guard start < buffer.count else { return nil }
        let line = Array(buffer[start...])
        start = buffer.count
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { return nil }
        return .message(line)
      }
      // fill() may compact the buffer, so remember how far was searched relative to start.
      let searched = buffer.count - start
      fill()
      searchFrom = start + searched
    }
  }

  private func skipRestOfLine() {
    if let newline = buffer[start...].firstIndex(of: 0x0A) {
      start = newline + 1
      return
    }
    buffer.removeAll(keepingCapacity: true)
    start = 0
    while !atEnd {
      fill()
      if let newline = buffer.firstIndex(of: 0x0A) {
        start = newline + 1
        return
      }
      buffer.removeAll(keepingCapacity: true)
    }
  }

  private func nextContentLengthFrame() -> Frame? {
    var length: Int? = nil
    while true {
      guard let line = readHeaderLine() else {
        return length == nil && start >= buffer.count ? nil : .badHeader("end of input inside headers")
      }
      if line.isEmpty {
        if length == nil {
          continue  // Stray blank lines between messages are tolerated.
        }
        break
      }
      let text = String(decoding: line, as: UTF8.self)
      guard let colon = text.firstIndex(of: ":") else { return .badHeader("header without ':'") }
      let name = text[..<colon].lowercased()
      let value = text[text.index(after: colon)...].trimmingSpaces
      if name == "content-length" {
        guard let parsed = Int(value), parsed >= 0 else {
          return .badHeader("Content-Length is not a number")
        }
        length = parsed
      }
    }
    guard let length else { return .badHeader("no Content-Length") }
    if length > maxMessageBytes {
      skip(length)
      return .oversized
    }
    while buffer.count - start < length, !atEnd { fill() }
    guard buffer.count - start >= length else { return .badHeader("end of input inside a message") }
    let body = Array(buffer[start..<start + length])
    start += length
    return .message(body)
  }

  private func readHeaderLine() -> [UInt8]? {
    while true {
      if let newline = buffer[start...].firstIndex(of: 0x0A) {
        var end = newline
        if end > start, buffer[end - 1] == 0x0D { end -= 1 }
        let line = Array(buffer[start..<end])
        start = newline + 1
        return line
      }
      if buffer.count - start > 4096 || atEnd { return nil }
      fill()
    }
  }

  private func skip(_ count: Int) {
    var remaining = count
    while remaining > 0 {
      let available = buffer.count - start
      if available >= remaining {
        start += remaining
        return
      }
      remaining -= available
      buffer.removeAll(keepingCapacity: true)
      start = 0
      if atEnd { return }
      fill()
    }
  }

  /// Reads more bytes, compacting the buffer first so it never holds consumed bytes for long.
  private func fill() {
    if start > 0 && (start == buffer.count || start > 65_536) {
      buffer.removeSubrange(0..<start)
      start = 0
    }
    while true {
      guard waitForInput?() ?? true else {
        atEnd = true
        return
      }
      let got = scratch.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
      if got < 0 && errno == EINTR { continue }
      if got < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) && waitsWhenNotReady {
        var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        _ = poll(&ready, 1, -1)
        continue
      }
      if got <= 0 {
        atEnd = true
        return
      }
      scratch.withUnsafeBufferPointer { buffer.append(contentsOf: UnsafeBufferPointer(rebasing: $0[0..<got])) }
      return
    }
  }
}

extension Substring {
  fileprivate var trimmingSpaces: String {
    String(drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
  }
}
