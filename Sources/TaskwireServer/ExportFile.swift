import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// An export being written: into a temporary file beside the target, renamed over it only when
/// complete, so that a failed or interrupted export never leaves half a file under the name.
final class ExportFile {
  let path: String
  let temporary: String
  private let descriptor: Int32

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  init(path: String) throws {
    self.path = path
    temporary = path + ".taskwire-partial"
    descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw Failure(description: "cannot write \(path): \(String(cString: strerror(errno)))") }
  }

  func write(_ bytes: [UInt8]) throws {
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { buffer in
        Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
      }
      if written < 0 {
        if errno == EINTR { continue }
        throw Failure(description: "cannot write \(path): \(String(cString: strerror(errno)))")
      }
      offset += written
    }
  }

  func commit() throws {
    guard fsync(descriptor) == 0, close(descriptor) == 0, rename(temporary, path) == 0 else {
      throw Failure(description: "cannot write \(path): \(String(cString: strerror(errno)))")
    }
  }

  func discard() {
    close(descriptor)
    unlink(temporary)
  }
}
