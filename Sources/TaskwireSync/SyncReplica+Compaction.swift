import TaskwireStore

extension SyncReplica {
  /// A kept record that compaction shrank, for the shared log: what is left of it (nil: it goes).
  public struct Compacted: Equatable, Sendable {
    public var seq: Int64
    public var id: String
    public var body: String?
  }

  /// How many records may hold overwritten values before the syncing process compacts them
  /// (`--compact-after`).
  public static let compactAfter = 1000

  /// How many bytes of records one compaction reads, about: it runs on the serving loop.
  static let compactionBytes = 2 << 20

  /// Whether enough records hold overwritten values to compact them now.
  public func wantsCompaction(after threshold: Int) -> Bool { state.superseded.count >= max(1, threshold) }

  /// Shrinks the kept records that hold values a later record in the shared log overwrote
  /// (Protocol/devices.md, "Compaction"), in one transaction of the file, and returns what the
  /// shared log should keep of them (by seq). A record still unsent, or beaten only by one
  /// unsent or one whose time has not come by the log's clock (`logClock`), waits for the next
  /// compaction; so does one past the pull cursor, which the next pull brings back (and which
  /// must then still be in the file, as it was sent, to tell it from a copied replica's:
  /// `madeElsewhereAsThisDevice`). One call reads about `compactionBytes` of records; the rest
  /// wait, unread. Without the log's clock (never connected) nothing is compacted.
  public func compact() throws -> [Compacted] {
    guard let horizon = logClock else { return [] }
    try takeInKept()  // (another process on the file may have kept records)
    var done: [Compacted] = []
    var read = 0
    let candidates = state.compactable
    var looked = 0
    var waiting: [HybridTime] = []
    try replica.storage.write { txn in
      guard let keeper = txn as? SyncRecordTransaction else { throw NotAReplica() }
      // (This process's cursor, which its own records coming back moved on: kept, so that a
      // restart does not pull back what is compacted here.)
      if seen > (try keeper.syncSeen()) { try keeper.setSyncSeen(seen) }
      for time in candidates {
        guard read < Self.compactionBytes else { break }
        looked += 1
        guard let stored = try records.keptRecord(hlc: time.description) else { continue }
        guard let seq = stored.seq, seq <= seen else {
          waiting.append(time)
          continue
        }
        read += stored.body.utf8.count
        // (Only a record this build writes back as it was: a member it does not know, from a
        // newer device, is not dropped with the values.)
        guard let record = try? ChangeRecord(text: stored.body), record.text == stored.body else { continue }
        let restriction = state.restriction(of: record, horizon: horizon)
        if restriction.waiting { waiting.append(time) }
        guard restriction.shrunk else { continue }
        let body = restriction.record?.text
        // A big record (a genesis of a thousand tasks) is written again only once a quarter of
        // it can go: what it costs stays within a few times what compaction takes away. (It is
        // looked at again when more of it is overwritten.)
        if let body, body.utf8.count * 4 > stored.body.utf8.count * 3 { continue }
        try keeper.rewriteRecord(hlc: stored.hlc, body: body)
        done.append(Compacted(seq: seq, id: stored.id, body: body))
      }
    }
    state.compacted(candidates.prefix(looked))
    state.mayShrinkAgain(waiting)
    return done
  }
}
