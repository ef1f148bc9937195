import CSQLite
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The store's own files, in a folder other users may write (`/tmp`, a group-shared folder):
/// a store, `-wal` or `-shm` that another user made (or may write) would hand them every task,
/// or let them change it, so it is refused before SQLite opens anything.
extension SQLiteStorage {
  static func refuseForeignFiles(of store: String) throws(SQLiteError) {
    try check(store, followLink: true)
    for suffix in ["-wal", "-shm"] { try check(store + suffix, followLink: false) }
  }

  /// Makes `-wal` and `-shm` now as our own (0600, never through a link), before SQLite makes
  /// them with the store's mode, in a folder where someone else could plant them first.
  static func claimJournalFiles(of store: String) {
    for suffix in ["-wal", "-shm"] {
      let fd = open(store + suffix, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
      if fd >= 0 {
        fchmod(fd, 0o600)
        closeDescriptor(fd)
      }
    }
  }

  /// Throws unless `path` is missing, or a regular file of one name that this user owns and
  /// no one else may write (a store may be a link to such a file; `-wal` and `-shm` not).
  private static func check(_ path: String, followLink: Bool) throws(SQLiteError) {
    var status = stat()
    guard lstat(path, &status) == 0 else { return }
    if status.st_mode & S_IFMT == S_IFLNK {
      guard followLink else { throw refusal(path, "is a symbolic link") }
      guard stat(path, &status) == 0 else { return }
    }
    guard status.st_mode & S_IFMT == S_IFREG else { throw refusal(path, "is not a regular file") }
    guard status.st_uid == geteuid() else { throw refusal(path, "belongs to another user (uid \(status.st_uid))") }
    guard status.st_mode & 0o022 == 0 else { throw refusal(path, "may be written by other users") }
    guard status.st_nlink == 1 else { throw refusal(path, "has another name (a hard link)") }
  }

  private static func refusal(_ path: String, _ problem: String) -> SQLiteError {
    SQLiteError(
      code: SQLITE_CANTOPEN,
      message:
        "\(path) \(problem): refusing the store, whose tasks it would expose (remove the file if it is not yours, or chmod go-w your own)"
    )
  }
}
