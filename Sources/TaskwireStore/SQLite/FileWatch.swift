#if canImport(Glibc)
  import Glibc

  /// An inotify watch on a store's notice file (`STORE.notice`, see `CommitNotice`): its
  /// descriptor becomes readable when another taskwire process has committed, which is how a
  /// subscribed server learns of it at once without polling (an idle editor keeps taskwire open
  /// all day). The one small file is watched, not the store's folder: a folder watch turned
  /// every WAL write of every process into a file event (about 28 a change, ~30 µs).
  final class FileWatch {
    let descriptor: Int32
    let file: String
    private var watch: Int32 = -1
    /// Where events are read, kept: every commit of this process makes one event here to
    /// drain, and a fresh zeroed array each time was most of a drain's cost.
    private var buffer = [UInt8](repeating: 0, count: 4096)

    /// Nil when inotify is not available or the file cannot be made or watched.
    init?(file: String) {
      let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
      guard fd >= 0 else { return nil }
      descriptor = fd
      self.file = file
      guard addWatch() else {
        Glibc.close(fd)
        return nil
      }
    }

    /// Watches the file, making it first when it is missing (a first run, or someone removed it).
    private func addWatch() -> Bool {
      CommitNotice.create(file)
      watch = inotify_add_watch(descriptor, file, UInt32(IN_MODIFY | IN_DELETE_SELF | IN_MOVE_SELF))
      return watch >= 0
    }

    /// Reads the pending events away; true when there were any. A file that went away is made
    /// and watched again (and counts as news: a commit may have come with it).
    func drain() -> Bool {
      var seen = false
      var lost = false
      var reading = true
      while reading {
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { break }
        seen = true
        // A read that did not fill the buffer took every event there was: no second read to
        // hear "none" (an event after it makes the descriptor readable again).
        defer { if count < buffer.count { reading = false } }
        var offset = 0
        while offset + 16 <= count {
          // struct inotify_event: wd, mask, cookie, len, then len bytes of name (none here).
          let mask =
            UInt32(buffer[offset + 4]) | UInt32(buffer[offset + 5]) << 8 | UInt32(buffer[offset + 6]) << 16
            | UInt32(buffer[offset + 7]) << 24
          if mask & UInt32(IN_IGNORED | IN_DELETE_SELF | IN_MOVE_SELF) != 0 { lost = true }
          let length = Int(buffer[offset + 12]) | Int(buffer[offset + 13]) << 8 | Int(buffer[offset + 14]) << 16
          offset += 16 + length
        }
      }
      if lost {
        if watch >= 0 { inotify_rm_watch(descriptor, watch) }
        _ = addWatch()
      }
      return seen
    }

    func close() { Glibc.close(descriptor) }
  }
#else
  /// Elsewhere the server polls.
  final class FileWatch {
    var descriptor: Int32 { -1 }
    init?(file: String) { return nil }
    func drain() -> Bool { false }
    func close() {}
  }
#endif
