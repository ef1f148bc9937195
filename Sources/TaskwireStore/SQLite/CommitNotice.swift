import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `STORE.notice`: eight bytes, random and then counted up per process, beside a SQLite store that every taskwire process writes
/// after each of its commits (before it replies), with no fsync. Subscribed servers watch it
/// (`FileWatch`), so that another process's change is pushed at once; and every server reads it
/// before a request: while it holds what it held at the last look, no taskwire process has
/// committed since, and the request skips SQLite's change check (a read transaction: locks on
/// the shared memory, ~2 µs). A writer that is not taskwire (the sqlite3 shell) writes no
/// notice: its changes are read within a second (a full check at least that often) and pushed
/// by the check once a minute.
///
/// The reader maps the file (a read of it is then a load, not a system call: 0.6 µs of a
/// request's 9 here). The file always holds its 8 bytes (`create` makes them; writers only
/// overwrite them), so the mapped bytes are always backed; truncating the file by hand while
/// a server runs is not supported.
final class CommitNotice {
  let path: String
  private var writer: Int32 = -1
  private var reader: Int32 = -1
  /// The file's first page, mapped shared and read-only (nil: not mapped, or mapping failed).
  private var mapped: UnsafeRawPointer? = nil
  /// What the file held at the last full look, and when that was (nil: look again).
  private var seen: (value: UInt64, at: Double)? = nil
  /// What this process wrote last (0: nothing yet).
  private var announced: UInt64 = 0
  static let fullLookInterval = 1.0

  init(store: String) { path = store + ".notice" }

  /// After a commit: one write, the file opened once.
  func announce() {
    if writer < 0 {
      // (Never through a link or into a file with another name: see SafeFile.)
      guard let fd = SafeFile.openOwned(path, flags: O_WRONLY, create: true) else { return }
      writer = fd
    }
    // A random start of this process's own, then counted up: never what another process
    // wrote (2^-64), without a getrandom call per commit.
    announced = announced == 0 ? UInt64.random(in: 1 ... .max) : announced &+ 1
    var value = announced
    _ = pwrite(writer, &value, 8, 0)
    seen = nil  // our own commit: the next look is a full one
  }

  /// Whether another process may have committed since the last time this said no: false only
  /// when the notice holds what it held at the last full look, less than a second ago.
  func othersMayHaveWritten() -> Bool {
    if reader < 0 {
      Self.create(path)  // (a store from before the file had its 8 bytes)
      guard let fd = SafeFile.openOwned(path, flags: O_RDONLY) else { return true }
      reader = fd
      mapped = Self.map(reader)
    }
    var value: UInt64 = 0
    if let mapped {
      // (A load racing a writer's pwrite may see a mix of old and new bytes: that differs from
      // what was seen, and only costs a full look.)
      value = mapped.loadUnaligned(as: UInt64.self)
    } else {
      guard pread(reader, &value, 8, 0) == 8 else { return true }
    }
    let now = ProcessInfo.processInfo.systemUptime
    if let seen, seen.value == value, now - seen.at < Self.fullLookInterval { return false }
    self.seen = (value, now)
    return true
  }

  /// The first page of a notice file of at least 8 bytes, or nil.
  private static func map(_ fd: Int32) -> UnsafeRawPointer? {
    var status = stat()
    guard fstat(fd, &status) == 0, status.st_size >= 8 else { return nil }
    guard let address = mmap(nil, 8, PROT_READ, MAP_SHARED, fd, 0), address != MAP_FAILED else { return nil }
    return UnsafeRawPointer(address)
  }

  func close() {
    if let mapped { munmap(UnsafeMutableRawPointer(mutating: mapped), 8) }
    mapped = nil
    if writer >= 0 { closeDescriptor(writer) }
    if reader >= 0 { closeDescriptor(reader) }
    writer = -1
    reader = -1
  }

  /// Makes the file when it is missing (mode 0600, as the store's files), with its 8 bytes:
  /// a shorter file is extended with zeros (never overwritten: a racing writer's value stays).
  static func create(_ path: String) {
    guard let fd = SafeFile.openOwned(path, flags: O_WRONLY, create: true) else { return }
    var status = stat()
    if fstat(fd, &status) == 0, status.st_size < 8 { _ = ftruncate(fd, 8) }
    closeDescriptor(fd)
  }
}
