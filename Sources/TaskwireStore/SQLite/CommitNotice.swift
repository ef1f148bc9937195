import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `STORE.notice`: eight random bytes beside a SQLite store that every taskwire process writes
/// after each of its commits (before it replies), with no fsync. Subscribed servers watch it
/// (`FileWatch`), so that another process's change is pushed at once; and every server reads it
/// before a request: while it holds what it held at the last look, no taskwire process has
/// committed since, and the request skips SQLite's change check (a read transaction: locks on
/// the shared memory, ~2 µs). A writer that is not taskwire (the sqlite3 shell) writes no
/// notice: its changes are read within a second (a full check at least that often) and pushed
/// by the check once a minute.
final class CommitNotice {
  let path: String
  private var writer: Int32 = -1
  private var reader: Int32 = -1
  /// What the file held at the last full look, and when that was (nil: look again).
  private var seen: (value: UInt64, at: Double)? = nil
  static let fullLookInterval = 1.0

  init(store: String) { path = store + ".notice" }

  /// After a commit: one write, the file opened once.
  func announce() {
    if writer < 0 {
      writer = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
      guard writer >= 0 else { return }
    }
    var value = UInt64.random(in: .min ... .max)
    _ = pwrite(writer, &value, 8, 0)
    seen = nil  // our own commit: the next look is a full one
  }

  /// Whether another process may have committed since the last time this said no: false only
  /// when the notice holds what it held at the last full look, less than a second ago.
  func othersMayHaveWritten() -> Bool {
    if reader < 0 {
      reader = open(path, O_RDONLY | O_CLOEXEC)
      guard reader >= 0 else { return true }
    }
    var value: UInt64 = 0
    let now = ProcessInfo.processInfo.systemUptime
    guard pread(reader, &value, 8, 0) == 8 else { return true }
    if let seen, seen.value == value, now - seen.at < Self.fullLookInterval { return false }
    self.seen = (value, now)
    return true
  }

  func close() {
    if writer >= 0 { closeDescriptor(writer) }
    if reader >= 0 { closeDescriptor(reader) }
    writer = -1
    reader = -1
  }

  /// Makes the file when it is missing (mode 0600, as the store's files).
  static func create(_ path: String) {
    let fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
    if fd >= 0 { closeDescriptor(fd) }
  }
}
