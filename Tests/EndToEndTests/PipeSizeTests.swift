import Foundation
import TaskwireTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The server widens its output pipe to 1 MiB where the system allows it (`FrameWriter.widenPipe`):
/// a long reply crosses in fewer wake-ups of both processes.
@Suite struct PipeSizeTests {
  @Test func theOutputPipeIsWidenedWhereAllowed() throws {
    let limit = (try? String(contentsOfFile: "/proc/sys/fs/pipe-max-size", encoding: .utf8))
      .flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    let server = try TaskwireProcess.started()
    let descriptor = server.pipe.output.fileHandleForReading.fileDescriptor
    let size = fcntl(descriptor, 1032)  // F_GETPIPE_SZ
    if let limit, limit >= 1 << 20 {
      #expect(size == 1 << 20)
    } else {
      #expect(size >= 1 << 16, "refused: the default stays")
    }
    // And the server speaks as before through it.
    #expect(try server.result("task/create", ["title": "Milk"])["task"]?["title"] == "Milk")
  }
}
