import Foundation
import TaskwireStore

#if canImport(Glibc)
  import Glibc
#endif

/// What the commands on a replica file (`taskwire sync`, `taskwire new-device`) share: one
/// line on stderr for how they end, and the file's sync lock, which one process holds at a
/// time (a server's agent while it runs: such a command refuses then, instead of working
/// beside it).
enum ReplicaCommand {
  /// Ends the command `name` with `message`; status 0 for `done`.
  static func end(_ name: String, _ message: String, code: Int32) -> Never {
    FileHandleOutput.stderr("taskwire \(name): \(message)\n")
    exit(code)
  }

  /// Takes `path`'s sync lock without waiting, for the rest of the process; ends the command
  /// with `refusal` when a server holds it.
  static func takeSyncLock(_ name: String, path: String, refusal: String) {
    guard let lock = SafeFile.openOwned(path + ".sync.lock", flags: O_RDWR, create: true) else {
      end(name, "cannot open the replica's sync lock", code: 1)
    }
    guard flock(lock, LOCK_EX | LOCK_NB) == 0 else {
      end(
        name, "a server holds this replica file's sync now (\(path).sync.lock), connected or not: \(refusal)", code: 1)
    }
    // (Held until the process exits: the descriptor stays open.)
  }
}
