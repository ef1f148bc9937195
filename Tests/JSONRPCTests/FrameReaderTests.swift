import Foundation
import JSONRPC
import Testing

/// The frame reader fed through a real pipe, in pieces as small as one byte, so that every
/// boundary of a line or of LSP headers falls between two reads somewhere.
@Suite struct FrameReaderTests {
  /// Writes `bytes` into a pipe `chunk` bytes at a time from another thread, and reads frames.
  func frames(_ bytes: [UInt8], chunk: Int, max: Int = 1 << 20) throws -> [Frame] {
    let pipe = Pipe()
    let writer = pipe.fileHandleForWriting
    let thread = Thread {
      var offset = 0
      while offset < bytes.count {
        let end = min(offset + chunk, bytes.count)
        writer.write(Data(bytes[offset..<end]))
        offset = end
      }
      try? writer.close()
    }
    thread.start()
    let reader = FrameReader(descriptor: pipe.fileHandleForReading.fileDescriptor, maxMessageBytes: max)
    var frames: [Frame] = []
    while let frame = reader.next() { frames.append(frame) }
    return frames
  }

  @Test(arguments: [1, 2, 7, 4096]) func newlineFramesInPieces(chunk: Int) throws {
    let input = Array("{\"a\":1}\r\n\n{\"b\":2}\n{\"c\":3}".utf8)
    #expect(
      try frames(input, chunk: chunk) == [
        .message(Array("{\"a\":1}".utf8)), .message(Array("{\"b\":2}".utf8)), .message(Array("{\"c\":3}".utf8)),
      ])
  }

  @Test(arguments: [1, 3, 4096]) func contentLengthFramesInPieces(chunk: Int) throws {
    let body = "{\"x\":\"é\"}"
    let input = Array("Content-Length: \(body.utf8.count)\r\n\r\n\(body)content-length: 2\r\n\r\n{}".utf8)
    #expect(try frames(input, chunk: chunk) == [.message(Array(body.utf8)), .message(Array("{}".utf8))])
  }

  @Test func anOversizedLineIsSkippedAndReadingGoesOn() throws {
    let input = Array((String(repeating: "x", count: 100) + "\n{}\n").utf8)
    #expect(try frames(input, chunk: 7, max: 10) == [.oversized, .message(Array("{}".utf8))])
  }

  /// LSP allows any header first (`Content-Type` before `Content-Length`): still LSP framing.
  @Test(arguments: [1, 4096]) func anyHeaderFirstMeansLSPFraming(chunk: Int) throws {
    let input = Array("Content-Type: application/vscode-jsonrpc; charset=utf-8\r\nContent-Length: 2\r\n\r\n{}".utf8)
    #expect(try frames(input, chunk: chunk) == [.message(Array("{}".utf8))])
  }

  /// A line that merely starts with a word is not taken for a header.
  @Test func aWordThatIsNotAHeaderIsALine() throws {
    #expect(try frames(Array("true\n".utf8), chunk: 1) == [.message(Array("true".utf8))])
  }
}
