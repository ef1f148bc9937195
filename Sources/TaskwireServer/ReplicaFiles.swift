import TaskwirePostgres
import TaskwireStore
import TaskwireSync

/// A store file made a replica once is served as one by every process that opens it — a server
/// started without `--replica`, the resident server behind `tw`, `taskwire import` — so that no
/// change there skips its change record: a change without one would never reach the other
/// devices, and the replica would differ from them for good. Only the process holding the
/// file's sync lock talks to the shared store; the others' records go out with its next push
/// (it hears their commits), or with `taskwire sync`.
enum ReplicaFiles {
  /// Whether the store keeps a replica's device: it was made a replica before.
  static func isReplica(_ storage: any Storage) -> Bool {
    guard let records = storage as? SyncRecordStore else { return false }
    return (try? records.replicaDevice()) != nil
  }

  /// Attaches the replica's bookkeeping when the store is (or, with `--replica`, becomes) a
  /// replica; nil for a plain store.
  static func attach(_ replica: Replica, _ options: ServerOptions) throws -> SyncReplica? {
    guard options.replica || isReplica(replica.storage) else { return nil }
    return try SyncReplica.attach(to: replica, device: options.replicaDevice.flatMap(DeviceID.init))
  }

  /// The shared store this process syncs a replica with: the one `--replica` was given, or for
  /// a file found to be a replica, `$TASKWIRE_SHARED_DB` when libpq can read it (a problem is
  /// logged, never the string: it may hold a password).
  static func sharedStore(_ options: ServerOptions, log: (String) -> Void) -> String? {
    if options.replica { return options.sharedStore }
    guard let shared = options.sharedStoreIfReplica else { return nil }
    guard PostgresConninfo.isReadable(shared) else {
      log(
        "the store is a replica, and $TASKWIRE_SHARED_DB cannot be read (libpq refuses it; not shown): its changes wait in it"
      )
      return nil
    }
    return shared
  }
}
