#if canImport(Glibc)
  import Glibc

  /// An inotify watch on a store's folder for writes to its files: its descriptor becomes
  /// readable when one of them is written, which is how a server learns that another process
  /// committed without polling (an idle editor keeps taskwire open all day). The folder is
  /// watched rather than the files, so that a WAL file created or re-created later is seen too.
  final class FileWatch {
    let descriptor: Int32
    let names: Set<String>

    /// Nil when inotify is not available or the folder cannot be watched.
    init?(folder: String, names: Set<String>) {
      let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
      guard fd >= 0 else { return nil }
      guard inotify_add_watch(fd, folder.isEmpty ? "." : folder, UInt32(IN_MODIFY)) >= 0 else {
        Glibc.close(fd)
        return nil
      }
      descriptor = fd
      self.names = names
    }

    /// Reads the pending events away; true when one of them was about a watched file (not,
    /// say, the `-shm` file readers touch).
    func drain() -> Bool {
      var relevant = false
      var buffer = [UInt8](repeating: 0, count: 8192)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return relevant }
        var offset = 0
        while offset + 16 <= count {
          // struct inotify_event: wd, mask, cookie, len, then len bytes of NUL-padded name.
          let length = Int(buffer[offset + 12]) | Int(buffer[offset + 13]) << 8 | Int(buffer[offset + 14]) << 16
          let nameBytes = buffer[(offset + 16)..<min(count, offset + 16 + length)].prefix { $0 != 0 }
          if names.contains(String(decoding: nameBytes, as: UTF8.self)) { relevant = true }
          offset += 16 + length
        }
      }
    }

    func close() { Glibc.close(descriptor) }
  }
#else
  /// Elsewhere the server polls.
  final class FileWatch {
    var descriptor: Int32 { -1 }
    init?(folder: String, names: Set<String>) { return nil }
    func drain() -> Bool { false }
    func close() {}
  }
#endif
