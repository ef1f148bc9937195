import Foundation
import TaskwirePostgres
import TaskwireStore
import TaskwireSync

#if canImport(Glibc)
  import Glibc
#endif

/// `taskwire sync [--db PATH] [--device-id HEX]`: one sync of a replica (issue 31) through the
/// shared log in PostgreSQL named by `$TASKWIRE_SHARED_DB`: its change records pushed, the
/// others' merged into it as one commit. Servers running on the replica see the merge as any
/// other writer's commit. (The agent that does this inside the server is the next step.)
public enum SyncMain {
  public static func run(arguments: [String]) -> Never {
    let environment = ProcessInfo.processInfo.environment
    guard let shared = environment["TASKWIRE_SHARED_DB"], !shared.isEmpty else {
      fail("$TASKWIRE_SHARED_DB must name the shared store (a postgresql:// URL)", code: 2)
    }
    guard case .serve(var options) = ServerOptions.parse(arguments, environment: environment), !options.resident,
      options.recordPath == nil
    else {
      fail("usage: taskwire sync [--db PATH] [--device-id HEX] [--time-zone TZ] [--clock TIME]", code: 2)
    }
    options.replica = true
    guard options.postgres == nil, case .file = options.store else {
      fail("--db must name the replica: a SQLite store file", code: 2)
    }
    // One process syncs a replica file at a time: a server's agent holds the file's sync lock
    // while it runs, and this command would push and compact beside it.
    guard case .file(let path) = options.store,
      let lock = SafeFile.openOwned(path + ".sync.lock", flags: O_RDWR, create: true)
    else { fail("cannot open the replica's sync lock", code: 1) }
    guard flock(lock, LOCK_EX | LOCK_NB) == 0 else {
      fail("a server syncs this replica file now (it holds \(path).sync.lock): it sends and merges by itself", code: 1)
    }
    defer { close(lock) }
    do {
      let storage = try ServerMain.openStorage(options)
      defer { storage.close() }
      let server = Server(storage: storage, options: options)
      let sync = try SyncReplica.attach(to: server.replica, device: options.replicaDevice.flatMap(DeviceID.init))
      let log = try PostgresLog(conninfo: shared, genesis: Genesis.entries)
      defer { log.close() }
      let before = (sent: try sync.outbox().count, seen: sync.seen)
      try sync.sync(through: log, compactAfter: options.compactAfter)
      FileHandleOutput.stderr(
        "taskwire sync: device \(sync.device), \(before.sent) change(s) sent, log read to \(sync.seen) (from \(before.seen))\n"
      )
      exit(0)
    } catch {
      fail("\(PostgresConninfo.redacted(String(describing: error)))", code: 1)
    }
  }

  static func fail(_ message: String, code: Int32) -> Never {
    FileHandleOutput.stderr("taskwire sync: \(message)\n")
    exit(code)
  }
}
