import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one way taskwire makes and opens the files it owns (exports, backups, recordings, the
/// notice and resident files), safe in a folder other users can write (`/tmp`, a group-shared
/// folder): a new file is always a fresh one of our own, made with `O_CREAT|O_EXCL|O_NOFOLLOW`
/// under an unpredictable name and mode 0600, then renamed (or linked) to its name; so a link
/// or a file another user planted under the name is replaced, never written through, and the
/// result is ours and readable by us alone, whatever the umask.
public enum SafeFile {
  public struct Failure: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
    static func failed(_ what: String, _ path: String) -> Failure {
      Failure("cannot \(what) \(path): \(String(cString: strerror(errno)))")
    }
  }

  /// 64 random bits as hex, from the system's cryptographic generator.
  static func randomSuffix() -> String {
    var generator = SystemRandomNumberGenerator()
    let hex = String(generator.next() as UInt64, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }

  /// The folder `path` is in (`.` for a bare name).
  static func folder(of path: String) -> String {
    let folder = (path as NSString).deletingLastPathComponent
    return folder.isEmpty ? "." : folder
  }

  /// A fresh file beside `path` (same folder, so a rename is atomic), mode 0600, open for
  /// writing; its name is short and hidden (`.taskwire-<random>.partial`), so that a target
  /// whose name is near the 255-byte limit can still be written.
  public static func createTemporary(beside path: String) throws(Failure) -> (descriptor: Int32, path: String) {
    for _ in 0..<8 {
      let temporary = "\(folder(of: path))/.taskwire-\(randomSuffix()).partial"
      let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
      if fd >= 0 {
        _ = fchmod(fd, 0o600)  // (the umask may have taken bits away, never added them)
        return (fd, temporary)
      }
      if errno != EEXIST { throw .failed("write", path) }
    }
    throw Failure("cannot write \(path): no free temporary name beside it")
  }

  /// Opens an existing file that taskwire owns, or nil: refused are a link, anything but a
  /// regular file (a FIFO is opened without waiting for a writer, then refused), a file with
  /// another name (a hard link), and one another user owns or may write (planted in a shared
  /// folder: its owner could truncate it under a mapping, or read what is written).
  /// `create` makes it first when missing (0600, never through a link).
  public static func openOwned(_ path: String, flags: Int32, create: Bool = false) -> Int32? {
    let opening = flags | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK
    var fd = open(path, opening)
    if fd < 0, create, errno == ENOENT {
      fd = open(path, opening | O_CREAT | O_EXCL, 0o600)
      if fd < 0, errno == EEXIST { fd = open(path, opening) }
    }
    guard fd >= 0 else { return nil }
    var status = stat()
    guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_nlink == 1,
      status.st_uid == geteuid(), status.st_mode & 0o022 == 0
    else {
      close(fd)
      return nil
    }
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
    return fd
  }

  /// A fresh folder of our own beside `path` (mode 0700): for a file that a library writes
  /// with helper files of its own (SQLite's journal), made there and then linked to its name.
  public static func createPrivateFolder(beside path: String) throws(Failure) -> String {
    var template = Array("\(folder(of: path))/.taskwire-backup-XXXXXX".utf8CString)  // (mkdtemp: random)
    let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) != nil }
    guard made else { throw .failed("write", path) }
    return String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Writes all of `bytes` to `descriptor`, going on after a partial write or an interruption.
  public static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(Failure) {
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { buffer in
        write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
      }
      if written < 0 {
        if errno == EINTR { continue }
        throw .failed("write", path)
      }
      offset += written
    }
  }
}

/// A file being written whole: into a fresh temporary file beside the target, put under its
/// name only when complete, so that a failed or interrupted write never leaves half a file
/// under the name, and the name never leads to a file other than the one we wrote.
public final class AtomicFile {
  public let path: String
  public let temporary: String
  public let descriptor: Int32
  private var open = true

  public init(path: String) throws(SafeFile.Failure) {
    self.path = path
    (descriptor, temporary) = try SafeFile.createTemporary(beside: path)
  }

  public func write(_ bytes: [UInt8]) throws(SafeFile.Failure) {
    try SafeFile.writeAll(bytes, to: descriptor, path: path)
  }

  /// Syncs and renames the file over `path` (a link there is replaced, not followed).
  public func commit() throws(SafeFile.Failure) {
    let synced = fsync(descriptor) == 0
    let closed = close(descriptor) == 0
    open = false
    guard synced, closed, rename(temporary, path) == 0 else {
      let failure = SafeFile.Failure.failed("write", path)
      unlink(temporary)
      throw failure
    }
  }

  /// Puts the file under `path` only if nothing is there yet (not even a dangling link).
  public func commitAsNew() throws(SafeFile.Failure) {
    let synced = fsync(descriptor) == 0
    let closed = close(descriptor) == 0
    open = false
    defer { unlink(temporary) }
    guard synced, closed else { throw .failed("write", path) }
    guard link(temporary, path) == 0 else {
      throw errno == EEXIST ? SafeFile.Failure("\(path) exists; a new file only is written") : .failed("write", path)
    }
  }

  public func discard() {
    if open { close(descriptor) }
    open = false
    unlink(temporary)
  }
}
