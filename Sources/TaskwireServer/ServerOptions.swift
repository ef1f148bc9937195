import Foundation
import TaskwireCore
import TaskwirePostgres
import TaskwireProtocol
import TaskwireStore
import TaskwireSync

/// The command line: `taskwire [--db PATH | --memory] [--time-zone TZ] [--clock ISO8601]`,
/// `taskwire --version`, `taskwire --help`.
public struct ServerOptions: Sendable {
  public var store: StoreLocation
  public var timeZone: TimeZone
  /// The zone's name as given (`UTC` stays `UTC`, though Foundation calls it `GMT`).
  public var timeZoneName: String
  /// A fixed start time for tests: the clock stands still and `test/setClock` may move it.
  public var fixedClock: Date?
  /// The hour at which a new day starts (0 = midnight).
  public var dayStartHour = 0
  /// `--sync full`: an fsync per change, so that a power loss loses nothing acknowledged.
  public var durability: Durability = .processCrash
  /// For tests: the store's size limit in pages, to simulate a full disk.
  public var maxPageCount: Int? = nil
  /// `--record FILE`: where to write the session, and the other flags to write into it.
  public var recordPath: String? = nil
  public var recordedFlags: [String] = []
  /// `--db postgresql://…` (or `postgres://…`, or a libpq `key=value` string): PostgreSQL.
  public var postgres: String? = nil
  public var maxMessageBytes = 8 * 1024 * 1024
  /// `--quiet`: stderr carries only what a person must read (a new store, failures), so a
  /// one-shot client can pass it through instead of filtering it.
  public var quiet = false
  /// `--resident`: stay running for one store, serving connections on a loopback port (see
  /// `ResidentServer`), until idle this many seconds.
  public var resident = false
  /// The SQLite store is a replica of a shared store (issue 31): each commit keeps its change
  /// record for `taskwire sync`; `replicaDevice` names the device when one is made (tests).
  public var replica = false
  public var replicaDevice: String? = nil
  /// The shared store a replica syncs with (a PostgreSQL connection string), or nil: the
  /// replica keeps its changes until one is named. Never from argv alone when it holds a password.
  public var sharedStore: String? = nil
  /// `$TASKWIRE_SHARED_DB` for a store file opened without `--replica`: used when the file turns
  /// out to be a replica already (such a file is always served as one, see `ReplicaFiles`).
  public var sharedStoreIfReplica: String? = nil
  /// `--offline`: a replica does not connect (the changes wait in it).
  public var offline = false
  /// `--compact-after N`: a replica's records holding overwritten values are compacted once
  /// this many are (Protocol/devices.md, "Compaction").
  public var compactAfter = SyncReplica.compactAfter
  public var residentIdleSeconds = 600

  public enum Action: Sendable {
    case serve(ServerOptions)
    case print(String)
    case usageError(String)
  }

  public static let usage = """
    usage: taskwire [--db PATH | --memory] [--time-zone TZ] [--day-start HOUR] [--clock TIME]
                    [--record FILE] [--quiet] [--resident [--idle-minutes N]]
           taskwire --db URL --replica [PATH] [--offline]   (a device of a shared store)
           taskwire sync [--db PATH] [--device-id HEX]
           taskwire replay FILE...
           taskwire export|import|backup …   (taskwire export --help)
           taskwire --version | --help

    Serves JSON-RPC 2.0 on stdin/stdout, one message per line (or LSP Content-Length
    framing, detected from the first bytes). Logs go to stderr.

      --db PATH         the SQLite store (default: $XDG_DATA_HOME/taskwire/tasks.sqlite,
                        else ~/.local/share/taskwire/tasks.sqlite)
      --db URL          a PostgreSQL store shared by several machines: postgresql://user@host/db
                        (or postgres://, or libpq's "host=… dbname=…"); libpq's PG* variables,
                        PGPASSFILE and sslmode apply; the schema is taskwire unless
                        options=-csearch_path%3DNAME picks another.
                        Without --db, $TASKWIRE_DB names the store (the place for a URL
                        with a password: a command line is every local user's to read;
                        better still, ~/.pgpass or PGPASSWORD)
      --memory          a throwaway in-memory store
      --time-zone TZ    the time zone dates are read in (default: the system's)
      --day-start HOUR  the hour (0-23) a new day starts at (default 0, midnight)
      --sync normal|full  normal (default): every reply's change survives the process being
                        killed; full: also a power loss, with an fsync per change
      --clock TIME      for tests: fix the clock at TIME (ISO 8601, e.g. 2026-02-12T09:00:00Z)
                        and allow test/setClock to move it
      --max-page-count N  for tests: limit the store to N pages, as a full disk would
      --record FILE     write every message in both directions, and these flags, to FILE
                        (JSON lines) for `taskwire replay`
      --quiet           log only what a person must read: a new store, failures (not the
                        store line at start, nor signals)
      --resident        stay running for this SQLite store and serve one connection at a time
                        on a loopback port, as the shell client's resident server (its port
                        and tokens in the file STORE.server, 0600); exits after --idle-minutes
                        (default 10) without a connection, or on SIGTERM
      --replica [PATH]  with a PostgreSQL --db (or $TASKWIRE_DB): serve this device's own
                        SQLite replica of that shared store, at SQLite's speed and offline
                        too; a thread syncs it whenever the store can be reached (without
                        PATH: DATA/taskwire/replicas/<hash of host:port/dbname/schema>.sqlite)
      --replica         with --db FILE: the file is a replica; it syncs with the store named
                        by $TASKWIRE_SHARED_DB when that is set (a file made a replica once is
                        served as one without --replica too: by tw, import, every server)
      --offline         a replica does not connect; its changes wait in it
      --device-id HEX   for tests: the device a new replica is made as (16 hex digits)
      --compact-after N a replica compacts its change records, and the shared log's, once N
                        of them hold values later changes overwrote (default 1000)
      sync              pushes the replica's changes to the shared log in PostgreSQL named by
                        $TASKWIRE_SHARED_DB (never on the command line: it may hold a
                        password) and merges the others', then exits (refused while a
                        server syncs the file)
      new-device        on a copied replica file (both copies stop syncing as one device):
                        gives the copy a device of its own, its unsent changes made again
                        as that device's (stop the servers on the file first)
      --version         print the version
      --help            print this help

    See Protocol/README.md for the protocol.
    """

  public static func parse(_ arguments: [String], environment: [String: String]) -> Action {
    var db: String? = nil
    var memory = false
    var timeZone = TimeZone.current
    var timeZoneName = TimeZone.current.identifier
    var clock: Date? = nil
    var dayStart = 0
    var record: String? = nil
    var maxPages: Int? = nil
    var durability = Durability.processCrash
    var flags: [String] = []
    var quiet = false
    var resident = false
    var replica = false
    var replicaDevice: String? = nil
    var replicaPath: String? = nil
    var offline = false
    var compactAfter = SyncReplica.compactAfter
    var idleSeconds = 600
    var rest = arguments[...]
    func value(_ flag: String) -> String? {
      guard let next = rest.popFirst(), !next.hasPrefix("--") else { return nil }
      return next
    }
    while let argument = rest.popFirst() {
      let before = rest
      defer { if argument != "--record" { flags += [argument] + before.prefix(before.count - rest.count) } }
      switch argument {
      case "--version": return .print("taskwire \(TaskwireVersion.server)")
      case "--help", "-h": return .print(usage)
      case "--memory": memory = true
      case "--quiet": quiet = true
      case "--resident": resident = true
      case "--replica":
        replica = true
        if let next = rest.first, !next.hasPrefix("--") {
          guard !next.isEmpty else { return .usageError("--replica needs a file path") }
          replicaPath = next
          rest.removeFirst()
        }
      case "--offline": offline = true
      case "--compact-after":
        guard let text = value(argument), let count = Int(text), (1...1_000_000).contains(count) else {
          return .usageError("--compact-after needs a number of records (1 to 1000000)")
        }
        compactAfter = count
      case "--device-id":
        guard let text = value(argument), text.count == 16, UInt64(text, radix: 16) ?? 0 != 0,
          text == text.lowercased()
        else { return .usageError("--device-id needs 16 lowercase hex digits, not all zero") }
        replicaDevice = text
      case "--idle-minutes":
        guard let text = value(argument), let minutes = Double(text), minutes > 0, minutes <= 1_000_000 else {
          return .usageError("--idle-minutes needs a number of minutes (up to 1000000)")
        }
        idleSeconds = Int(minutes * 60)
      case "--db":
        guard let path = value(argument), !path.isEmpty else {
          return .usageError("--db needs a file path or a postgresql:// URL")
        }
        db = path
      case "--time-zone":
        guard let name = value(argument), let zone = TimeZone(identifier: name) else {
          return .usageError("--time-zone needs a time zone name such as Europe/Berlin or UTC")
        }
        timeZone = zone
        timeZoneName = name
      case "--record":
        guard let path = value(argument) else { return .usageError("--record needs a file path") }
        record = path
        continue
      case "--sync":
        switch value(argument) {
        case "normal": durability = .processCrash
        case "full": durability = .powerLoss
        default: return .usageError("--sync takes normal or full")
        }
      case "--max-page-count":
        guard let text = value(argument), let pages = Int(text), pages > 0 else {
          return .usageError("--max-page-count needs a number of pages")
        }
        maxPages = pages
      case "--day-start":
        guard let text = value(argument), let hour = Int(text), (0...23).contains(hour) else {
          return .usageError("--day-start needs an hour from 0 to 23")
        }
        dayStart = hour
      case "--clock":
        guard let text = value(argument), let date = parseInstant(text) else {
          return .usageError("--clock needs an ISO 8601 time such as 2026-02-12T09:00:00Z")
        }
        clock = date
      default:
        return .usageError("unknown argument \"\(argument)\"")
      }
    }
    if memory && db != nil { return .usageError("--db and --memory exclude each other") }
    // The store may come from the environment, which only its owner can read (a command line
    // is every local user's to read): the safe way to hand over a PostgreSQL password.
    if db == nil, !memory, let named = environment["TASKWIRE_DB"], !named.isEmpty { db = named }
    let location: StoreLocation = memory ? .memory : .file(db ?? defaultPath(environment))
    var options = ServerOptions(
      store: location, timeZone: timeZone, timeZoneName: timeZoneName, fixedClock: clock, dayStartHour: dayStart)
    options.recordPath = record
    options.maxPageCount = maxPages
    options.durability = durability
    options.quiet = quiet
    options.resident = resident
    options.residentIdleSeconds = idleSeconds
    options.replica = replica
    options.replicaDevice = replicaDevice
    // A recording never holds a password: the connection string is written without it.
    options.recordedFlags = flags.map(PostgresConninfo.redacted)
    if let db, PostgresConninfo.isConninfo(db) {
      options.postgres = db
      options.store = .memory
    }
    options.offline = offline
    options.compactAfter = compactAfter
    if replica, let shared = options.postgres {
      guard let replicaPath = replicaPath ?? Self.defaultReplicaPath(shared, environment) else {
        return .usageError(
          "the shared store's connection string cannot be read (libpq refuses it; not shown: it may hold a password)")
      }
      options.sharedStore = shared
      options.postgres = nil
      options.store = .file(replicaPath)
    } else if replica {
      if memory { return .usageError("--replica needs a SQLite store file: the replica of a shared store") }
      if replicaPath != nil {
        return .usageError("--replica PATH goes with a PostgreSQL --db (with --db FILE, say --replica alone)")
      }
      if let shared = environment["TASKWIRE_SHARED_DB"], !shared.isEmpty { options.sharedStore = shared }
    } else if offline {
      return .usageError("--offline goes with --replica")
    } else if case .file = options.store, options.postgres == nil, let shared = environment["TASKWIRE_SHARED_DB"],
      !shared.isEmpty
    {
      options.sharedStoreIfReplica = shared
    }
    if let shared = options.sharedStore, !options.offline, !PostgresConninfo.isReadable(shared) {
      return .usageError(
        "the shared store's connection string cannot be read (libpq refuses it; not shown: it may hold a password)")
    }
    if resident, options.postgres != nil || memory || db?.hasPrefix("file:") == true {
      return .usageError("--resident needs a SQLite store file (--db PATH, or the default store)")
    }
    return .serve(options)
  }

  /// A device's replica of a shared store given no `--replica PATH`: one file per store, in the
  /// data folder's `replicas/`, named by 16 hex digits of the FNV-1a hash of the store's
  /// `host:port/dbname/schema` (so the name says nothing of the store, and never holds a
  /// password). Nil when libpq cannot read the connection string.
  static func defaultReplicaPath(_ shared: String, _ environment: [String: String]) -> String? {
    guard let identity = PostgresConninfo.storeIdentity(shared, environment: environment) else { return nil }
    let hex = String(FNV1a.hash(identity), radix: 16)
    let folder = (defaultPath(environment) as NSString).deletingLastPathComponent
    return folder + "/replicas/" + String(repeating: "0", count: 16 - hex.count) + hex + ".sqlite"
  }

  static func defaultPath(_ environment: [String: String]) -> String {
    if let data = environment["XDG_DATA_HOME"], !data.isEmpty {
      return data + "/taskwire/tasks.sqlite"
    }
    let home = environment["HOME"] ?? NSHomeDirectory()
    return home + "/.local/share/taskwire/tasks.sqlite"
  }

  static func parseInstant(_ text: String) -> Date? {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    return formatter.date(from: text)
  }
}
