#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `STORE.notice`: a one-byte file beside a SQLite store that every taskwire process writes
/// after each of its commits, and that subscribed servers watch (`FileWatch`), so that another
/// process's change is pushed at once. It holds nothing: a write is the whole message, with no
/// fsync. A writer that is not taskwire (the sqlite3 shell) does not write it; its changes are
/// read at the next request, and pushed by the check a minute.
final class CommitNotice {
  let path: String
  private var descriptor: Int32 = -1

  init(store: String) { path = store + ".notice" }

  /// After a commit: one write of one byte, the file opened once.
  func announce() {
    if descriptor < 0 {
      descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
      guard descriptor >= 0 else { return }
    }
    var byte: UInt8 = 0
    _ = pwrite(descriptor, &byte, 1, 0)
  }

  func close() {
    if descriptor >= 0 { closeDescriptor(descriptor) }
    descriptor = -1
  }

  /// Makes the file when it is missing (mode 0600, as the store's files).
  static func create(_ path: String) {
    let fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
    if fd >= 0 { closeDescriptor(fd) }
  }
}
