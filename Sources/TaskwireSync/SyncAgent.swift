import Foundation
import TaskwirePostgres
import TaskwireStore

#if canImport(Glibc)
  import Glibc
#endif

/// The sync agent (Protocol/devices.md, "The agent"): a thread of the serving process that
/// talks to the shared log in PostgreSQL, with blocking libpq on a connection of its own, so
/// that a slow or cut link never holds up a request. One process per replica file syncs: the
/// one holding `FILE.sync.lock` (the others' agents wait on the lock, so a killed syncer is
/// replaced at once). It pushes what the loop hands it, pulls when the log grew (`NOTIFY`) or
/// every few seconds, and hands pulled pages to the loop, which merges them.
public enum SyncAgent {
  public struct Failure: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
  }

  /// A pull that finds nothing new happens this often anyway (a missed notification, a health
  /// check); it is also the wait between tries to connect, at most.
  static let healthInterval: Int32 = 5000
  /// The first wait before connecting again, doubled up to `healthInterval`.
  static let firstBackoff: Int32 = 250
  /// (Small enough that a page's merge never holds a waiting request long.)
  static let pageSize = 500
  /// What the agent's connection adds to the shared store's connection string where it says
  /// nothing: a link that is cut is noticed within seconds, not TCP's minutes.
  static let connectionDefaults: KeyValuePairs<String, String> = [
    "connect_timeout": "5", "keepalives": "1", "keepalives_idle": "5", "keepalives_interval": "2",
    "keepalives_count": "2", "tcp_user_timeout": "5000", "application_name": "taskwire-sync",
  ]

  /// Starts the agent's thread for the replica at `replicaPath`; `log` writes a line to stderr
  /// (never the password: messages go through `PostgresConninfo.redacted`).
  public static func start(
    mailbox: SyncMailbox, conninfo: String, replicaPath: String, log: @escaping @Sendable (String) -> Void
  ) {
    let thread = Thread {
      run(mailbox: mailbox, conninfo: withDefaults(conninfo), lockPath: replicaPath + ".sync.lock", log: log)
    }
    thread.name = "taskwire-sync"
    thread.start()
    let watchdog = Thread { watch(mailbox) }
    watchdog.name = "taskwire-sync-watchdog"
    watchdog.start()
  }

  /// A query may take this long (seconds) before its connection is cut.
  static let queryLimit = 10.0

  static func uptime() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
  }

  /// Ends a query stuck on a link that stalls without closing (a middle box that stops
  /// forwarding answers TCP's keepalives itself, so libpq would wait for ever): its socket is
  /// shut down from this thread, the agent's blocked read fails, and the agent connects again.
  private static func watch(_ mailbox: SyncMailbox) {
    while true {
      sleep(1)
      mailbox.state.withLock { state in
        guard let query = state.inQuery, uptime() - query.since > queryLimit else { return }
        _ = shutdown(query.socket, Int32(SHUT_RDWR))
        state.inQuery = nil
      }
    }
  }

  /// Runs a query of the agent's with the watchdog on it.
  private static func guarded<T>(_ mailbox: SyncMailbox, _ shared: PostgresLog, _ body: () throws -> T) throws -> T {
    let socket = shared.socket
    mailbox.state.withLock { $0.inQuery = (socket, uptime()) }
    defer { mailbox.state.withLock { $0.inQuery = nil } }
    return try body()
  }

  public static func withDefaults(_ conninfo: String) -> String {
    PostgresConninfo.withDefaults(connectionDefaults, conninfo)
  }

  private static func run(
    mailbox: SyncMailbox, conninfo: String, lockPath: String, log: @Sendable (String) -> Void
  ) {
    guard let lock = SafeFile.openOwned(lockPath, flags: O_RDWR, create: true) else {
      log("sync: cannot open \(lockPath): not syncing")
      mailbox.state.withLock { $0.problem = "cannot open \(lockPath)" }
      return
    }
    // Another process on the file syncs while it holds the lock; this one takes over after.
    while flock(lock, LOCK_EX) != 0 && errno == EINTR {}
    mailbox.state.withLock {
      $0.started = true
      $0.syncing = true
    }
    mailbox.wakeLoop()
    // The loop answers with the cursor (after reading the file's records).
    while mailbox.state.withLock({ $0.cursor }) == nil { waitForLoop(mailbox, timeout: -1) }
    var backoff = firstBackoff
    var wasOnline: Bool? = nil
    while true {
      do {
        let shared = try PostgresLog(conninfo: conninfo, genesis: Genesis.entries)
        defer { shared.close() }
        // The loop checks that this is the store the replica belongs to, before anything moves.
        mailbox.state.withLock {
          $0.storeID = shared.storeID
          $0.storeAccepted = nil
        }
        mailbox.wakeLoop()
        while mailbox.state.withLock({ $0.storeAccepted }) == nil { waitForLoop(mailbox, timeout: -1) }
        if let reason = mailbox.state.withLock({ $0.stopped }) {
          stop(mailbox, reason, log)
          return
        }
        // A log that ends before what this replica merged lost records it had (a store restored
        // from an older backup): pulling on would skip the seqs given again.
        let head = try shared.head()
        if let cursor = mailbox.state.withLock({ $0.cursor }), head < cursor {
          stop(
            mailbox,
            "the shared log ends at \(head), before what this replica merged (\(cursor)): restored from an older "
              + "backup? Its changes stay in the replica; use a fresh replica file", log)
          return
        }
        backoff = firstBackoff
        mailbox.state.withLock {
          $0.online = true
          $0.problem = nil
        }
        if wasOnline != true { log("sync: online") }
        wasOnline = true
        try serve(shared, mailbox)
      } catch is Stopped {
        return  // (the loop said why)
      } catch let clash as PostgresLog.DeviceClash {
        stop(mailbox, clash.description, log)
        return
      } catch {
        // (One line, and never a password: libpq's messages may quote the URL they could not use.)
        let reason = PostgresConninfo.scrubbed(String(describing: error), knowing: conninfo).split(
          whereSeparator: \.isNewline
        )
        .map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        mailbox.state.withLock {
          $0.online = false
          $0.problem = reason
        }
        if wasOnline != false { log("sync: offline (\(reason)); changes wait in the replica") }
        wasOnline = false
        mailbox.wakeLoop()  // (status)
        waitForLoop(mailbox, timeout: backoff)
        backoff = min(backoff * 2, healthInterval)
      }
    }
  }

  struct Stopped: Error {
    var reason: String
  }

  /// Syncing stops for good (the replica keeps serving and keeping its changes): said once.
  private static func stop(_ mailbox: SyncMailbox, _ reason: String, _ log: (String) -> Void) {
    mailbox.state.withLock {
      $0.online = false
      $0.problem = reason
      $0.stopped = reason
    }
    log("sync: stopped: \(reason)")
    mailbox.wakeLoop()
  }

  /// Connected: pushes what the loop hands over, pulls what others pushed, until the
  /// connection fails.
  private static func serve(_ shared: PostgresLog, _ mailbox: SyncMailbox) throws {
    var wantPull = true
    while true {
      if let reason = mailbox.state.withLock({ $0.stopped }) { throw Stopped(reason: reason) }
      if let batch = mailbox.state.withLock({ $0.toPush }) {
        let seqs = try guarded(mailbox, shared) {
          try shared.push(batch.map { ($0.id, $0.hlc, $0.device, $0.seen, $0.body) })
        }
        mailbox.state.withLock {
          $0.toPush = nil
          $0.placed = seqs
        }
        mailbox.wakeLoop()
      }
      if let compacted = mailbox.state.withLock({ $0.toCompact }) {
        _ = try guarded(mailbox, shared) { try shared.compact(compacted.map { ($0.seq, $0.id, $0.body) }) }
        mailbox.state.withLock { $0.toCompact = nil }
      }
      let (cursor, outstanding) = mailbox.state.withLock { ($0.cursor, $0.pageOutstanding) }
      var page: [PostgresLog.Entry] = []
      if wantPull, !outstanding, let cursor {
        let pulled = try guarded(mailbox, shared) { try shared.page(after: cursor, limit: pageSize) }
        page = pulled.entries
        wantPull = page.count == pageSize
        // (A page with nothing in it may still reach past the cursor: records compaction took.)
        if !page.isEmpty || pulled.through > cursor {
          mailbox.state.withLock {
            $0.pulled = pulled
            $0.pageOutstanding = true
          }
          mailbox.wakeLoop()
        }
      }
      // A notification that came during a query waits in libpq's queue, not on the socket.
      if try shared.othersPushed() {
        wantPull = true
        continue
      }
      var fds = [
        pollfd(fd: mailbox.agentDescriptor, events: Int16(POLLIN), revents: 0),
        pollfd(fd: shared.socket, events: Int16(POLLIN), revents: 0),
      ]
      let ready = poll(&fds, 2, healthInterval)
      if ready == 0 { wantPull = true }
      if fds[0].revents != 0 {
        mailbox.drainAgent()
        // A page applied: more may wait (one that failed waits for the next health check).
        mailbox.state.withLock {
          if outstanding || !page.isEmpty, !$0.pageOutstanding {
            if !$0.applyFailed { wantPull = true }
            $0.applyFailed = false
          }
        }
      }
      if fds[1].revents != 0, try shared.othersPushed() { wantPull = true }
    }
  }

  /// Waits for the loop's pipe (or the timeout, in ms; -1 for none).
  private static func waitForLoop(_ mailbox: SyncMailbox, timeout: Int32) {
    var fds = [pollfd(fd: mailbox.agentDescriptor, events: Int16(POLLIN), revents: 0)]
    _ = poll(&fds, 1, timeout)
    mailbox.drainAgent()
  }
}
