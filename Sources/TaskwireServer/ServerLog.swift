#if canImport(Glibc)
  import Glibc
#endif

/// Writes log lines to stderr without ever blocking: a line that does not fit in the pipe
/// right now is dropped, so that a stderr nobody reads can never hold up a reply.
enum ServerLog {
  static func write(_ text: String) {
    var descriptor = pollfd(fd: 2, events: Int16(POLLOUT), revents: 0)
    guard poll(&descriptor, 1, 0) == 1, descriptor.revents & Int16(POLLOUT) != 0 else { return }
    let bytes = Array(text.utf8)
    // A pipe takes writes up to PIPE_BUF whole; longer lines are cut rather than blocking.
    let count = min(bytes.count, Int(PIPE_BUF))
    _ = bytes.withUnsafeBytes { Glibc.write(2, $0.baseAddress, count) }
  }

  /// Makes sure descriptors 0, 1 and 2 are open (on /dev/null when the parent closed them), so
  /// that the database can never be opened on one of them and then written to by a log line.
  static func reserveStandardDescriptors() {
    for fd in Int32(0)...2 where fcntl(fd, F_GETFD) == -1 {
      let null = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY)
      if null >= 0, null != fd {
        dup2(null, fd)
        close(null)
      }
    }
  }
}
