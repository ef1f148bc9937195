import Foundation
import TaskwirePostgres
import TaskwireStore
import TaskwireSync

/// `taskwire sync [--db PATH] [--device-id HEX]`: one sync of a replica (issue 31) through the
/// shared log in PostgreSQL named by `$TASKWIRE_SHARED_DB`: its change records pushed, the
/// others' merged into it as one commit. Servers running on the replica see the merge as any
/// other writer's commit; a server syncing the file (its agent) does this by itself, and the
/// command then refuses.
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
    guard options.postgres == nil, case .file(let path) = options.store else {
      fail("--db must name the replica: a SQLite store file", code: 2)
    }
    // (One process syncs a file at a time: this one would push and compact beside the server.)
    ReplicaCommand.takeSyncLock(
      "sync", path: path, refusal: "it sends and merges whenever it reaches the shared store (see its sync/status)")
    do {
      let storage = try ServerMain.openStorage(options)
      defer { storage.close() }
      let server = Server(storage: storage, options: options)
      let sync = try SyncReplica.attach(to: server.replica, device: options.replicaDevice.flatMap(DeviceID.init))
      let log = try PostgresLog(conninfo: shared, genesis: Genesis.entries)
      defer { log.close() }
      let before = (sent: try sync.outbox().count, seen: sync.seen)
      try sync.sync(through: log, compactAfter: options.compactAfter) { FileHandleOutput.stderr("taskwire \($0)\n") }
      ReplicaCommand.end(
        "sync", "device \(sync.device), \(before.sent) change(s) sent, log read to \(sync.seen) (from \(before.seen))",
        code: 0)
    } catch {
      fail("\(PostgresConninfo.redacted(String(describing: error)))", code: 1)
    }
  }

  static func fail(_ message: String, code: Int32) -> Never { ReplicaCommand.end("sync", message, code: code) }
}
