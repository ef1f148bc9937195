import Foundation
import TaskwireCore
import TaskwirePostgres
import TaskwireStore

/// The serving loop's side of the sync agent: what the agent's thread leaves is merged here, on
/// the loop's thread and its one SQLite connection, and the outbox is handed over after each
/// commit. Nothing here waits on the network.
public final class SyncLink {
  public let sync: SyncReplica
  let mailbox: SyncMailbox
  private let log: @Sendable (String) -> Void
  /// The batch with the agent, by record id (its places come back by id).
  private var inFlight: [String: HybridTime] = [:]
  /// The agent took the file's sync lock and has its cursor.
  private var started = false
  /// When this process last heard from the shared log (the replica's clock: replays).
  private var lastSync: Date? = nil

  /// A push takes at most this many records (a long offline spell goes in several).
  static let batchSize = 500
  /// A commit is handed to the agent this long after it (seconds), so that a burst of changes
  /// (a drag after a drag, an import) goes in one push, and the loop reads the outbox once for
  /// it, not once per change.
  public static let pushDelay = 0.010
  /// When the outbox is next handed over (monotonic seconds, `ServeDeadlines.uptime`), if a
  /// commit is waiting for it.
  public private(set) var pushDue: Double? = nil

  /// How many records may hold overwritten values before they are compacted.
  let compactAfter: Int
  /// After a compaction that shrank nothing, how many the next one waits for while the cursor
  /// stays where it was.
  private var compactFloor: (count: Int, seen: Int64) = (0, 0)

  /// Starts the agent for `sync`'s replica file, syncing through the shared store `conninfo`.
  public init(
    sync: SyncReplica, conninfo: String, replicaPath: String, compactAfter: Int = SyncReplica.compactAfter,
    log: @escaping @Sendable (String) -> Void
  ) throws {
    self.sync = sync
    self.log = log
    self.compactAfter = compactAfter
    mailbox = try SyncMailbox()
    SyncAgent.start(mailbox: mailbox, conninfo: conninfo, replicaPath: replicaPath, log: log)
  }

  /// Readable when the agent left something for `serve`.
  public var descriptor: Int32 { mailbox.loopDescriptor }

  /// Takes what the agent left: its start, the places of a push, a pulled page (merged as one
  /// commit). True when the merge changed the replica (subscribers have a diff coming).
  public func serve() -> Bool {
    mailbox.drainLoop()
    let (startedNow, page, placed, storeToCheck) = mailbox.state.withLock { state in
      defer {
        state.pulled = nil
        state.placed = nil
      }
      let check = state.storeAccepted == nil ? state.storeID : nil
      return (state.started && !started, state.pulled, state.placed, check)
    }
    if let storeToCheck { checkStore(storeToCheck) }
    if startedNow {
      started = true
      do {
        try sync.catchUpWithFile()
      } catch {
        log("sync: cannot read the replica's records: \(error)")
      }
      let cursor = sync.seen
      mailbox.state.withLock { $0.cursor = cursor }
      mailbox.wakeAgent()
    }
    if let placed {
      do {
        try sync.placed(placed.compactMap { id, seq in inFlight[id].map { ($0, seq) } })
        lastSync = sync.replica.clock.now
      } catch {
        log("sync: cannot note what the log took: \(error)")
      }
      inFlight = [:]
    }
    var changed = false
    if let page { changed = merge(page) }
    outboxMayHaveGrown()
    compactIfDue()
    return changed
  }

  /// Once enough kept records hold values later records overwrote, and nothing is on its way
  /// to the log: they shrink in the file, and the agent has the log shrink them too.
  func compactIfDue() {
    // (After a compaction that shrank nothing, the same records are not read again at each
    // page: only once the cursor moved, or more records hold overwritten values.)
    let floor = compactFloor.seen == sync.seen ? compactFloor.count : 0
    guard started, inFlight.isEmpty, pushDue == nil, sync.wantsCompaction(after: max(compactAfter, floor)),
      mailbox.state.withLock({ $0.stopped == nil && $0.toCompact == nil })
    else { return }
    do {
      let compacted = try sync.compact()
      compactFloor = (compacted.isEmpty ? sync.state.superseded.count + max(1, compactAfter / 4) : 0, sync.seen)
      guard !compacted.isEmpty else { return }
      mailbox.state.withLock { $0.toCompact = compacted }
      mailbox.wakeAgent()
    } catch {
      log("sync: cannot compact the replica's records: \(error)")
    }
  }

  /// The replica syncs with the shared store it first synced with, and no other: its id is
  /// kept in the replica at the first connection.
  private func checkStore(_ id: String) {
    var refusal: String? = nil
    do {
      let kept = try sync.sharedStore()
      if kept == nil {
        try sync.setSharedStore(id)
      } else if kept != id {
        refusal =
          "this replica belongs to shared store \(kept ?? "?"), not to \(id) (another store, or the same one made "
          + "again): its changes stay in it; use a fresh replica file for this store"
      }
    } catch {
      refusal = "cannot read the replica's shared store: \(error)"
    }
    mailbox.state.withLock {
      $0.stopped = refusal
      $0.storeAccepted = refusal == nil
    }
    mailbox.wakeAgent()
  }

  private func merge(_ pulled: PostgresLog.Page) -> Bool {
    let page = pulled.entries
    var changed = false
    var failed = false
    let records: [(record: ChangeRecord, seq: Int64)]
    let texts: [String]
    do {
      (records, texts) = try sync.take(pulled, log: log)
    } catch {
      // Another replica makes records as this device: merging them would mix two histories.
      let reason = error.description
      log("sync: stopped: \(reason)")
      mailbox.state.withLock {
        $0.stopped = reason
        $0.problem = reason
        $0.online = false
        $0.pageOutstanding = false
      }
      return false
    }
    do {
      changed = try sync.receive(records, through: pulled.through, texts: texts) != nil
      lastSync = sync.replica.clock.now
    } catch {
      log("sync: cannot merge the log's records \(page.first?.seq ?? 0)…\(page.last?.seq ?? 0): \(error)")
      failed = true
    }
    let cursor = sync.seen
    mailbox.state.withLock {
      $0.cursor = cursor
      $0.pageOutstanding = false
      $0.applyFailed = failed
    }
    mailbox.wakeAgent()
    return changed
  }

  /// After a commit (this process's or another's on the file): the outbox goes to the agent
  /// shortly (`pushDelay`).
  public func committed(now: Double) {
    if started, pushDue == nil { pushDue = now + Self.pushDelay }
  }

  /// At `pushDue`: the outbox goes to the agent.
  public func pushIfDue(now: Double) {
    guard let due = pushDue, due <= now else { return }
    pushDue = nil
    outboxMayHaveGrown()
  }

  /// The outbox goes to the agent unless a push is on its way (whose end hands over the rest).
  func outboxMayHaveGrown() {
    guard started, inFlight.isEmpty, mailbox.state.withLock({ $0.stopped == nil }) else { return }
    do {
      let batch = try sync.outgoing().prefix(Self.batchSize)
      guard !batch.isEmpty else { return }
      var outgoing: [SyncMailbox.Outgoing] = []
      for record in batch {
        guard let time = HybridTime(record.hlc) else { continue }
        inFlight[record.id] = time
        outgoing.append(
          SyncMailbox.Outgoing(
            id: record.id, hlc: record.hlc, device: time.device.description, seen: record.seen, body: record.body))
      }
      guard !outgoing.isEmpty else { return }
      mailbox.state.withLock { $0.toPush = outgoing }
      mailbox.wakeAgent()
    } catch {
      log("sync: cannot read the outbox: \(error)")
    }
  }

  /// What `sync/status` shows.
  public struct Status: Sendable {
    public var device: String
    /// This process runs the sync of its file (else another process on the file does).
    public var syncing: Bool
    public var online: Bool
    public var unsent: Int
    public var seen: Int64
    public var lastSync: Date?
    public var problem: String?
  }

  public func status() throws -> Status {
    let shared = mailbox.state.withLock { ($0.syncing, $0.online, $0.problem) }
    return Status(
      device: sync.device.description, syncing: shared.0, online: shared.0 && shared.1,
      unsent: try sync.outgoing().count,
      seen: try sync.fileSeen(), lastSync: lastSync, problem: shared.2)
  }
}
