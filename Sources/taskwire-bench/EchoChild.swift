import Foundation

/// Builds the echo child: the floor a pipe round trip cannot go below.
enum EchoChild {
  static let source = """
    #include <unistd.h>
    int main(void) {
      char buffer[65536];
      ssize_t n;
      while ((n = read(0, buffer, sizeof buffer)) > 0) {
        ssize_t off = 0;
        while (off < n) { ssize_t w = write(1, buffer + off, n - off); if (w <= 0) return 1; off += w; }
      }
      return 0;
    }
    """

  static func build(in folder: URL) throws -> URL {
    let file = folder.appendingPathComponent("echo.c")
    let binary = folder.appendingPathComponent("echo")
    try source.write(to: file, atomically: true, encoding: .utf8)
    let compiler = Process()
    compiler.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    compiler.arguments = ["cc", "-O2", "-o", binary.path, file.path]
    try compiler.run()
    compiler.waitUntilExit()
    guard compiler.terminationStatus == 0 else { return URL(fileURLWithPath: "/bin/cat") }
    return binary
  }
}
