import TaskwirePostgres

extension SyncReplica {
  /// One sync through the shared log in PostgreSQL: the outbox pushed (each record once, however
  /// often it is sent), then everything after the pull cursor pulled and merged, a page of
  /// records a commit.
  public func sync(
    through log: PostgresLog, compactAfter: Int = SyncReplica.compactAfter,
    report: (String) -> Void = { _ in }
  ) throws {
    if let kept = try sharedStore() {
      guard kept == log.storeID else {
        throw SyncAgent.Failure("this replica belongs to shared store \(kept), not to \(log.storeID)")
      }
    } else {
      try setSharedStore(log.storeID)
    }
    // (Each record as the file keeps it, as the agent sends it.)
    let outgoing = try outgoing().compactMap { stored in HybridTime(stored.hlc).map { (stored, $0) } }
    let seqs = try log.push(
      outgoing.map { stored, time in (stored.id, stored.hlc, time.device.description, stored.seen, stored.body) })
    try placed(outgoing.compactMap { stored, time in seqs[stored.id].map { (time, $0) } })
    var after = seen
    while true {
      let page = try log.page(after: after, limit: 2000)
      let (records, texts) = try take(page, log: report)
      guard page.through > after else { break }
      try receive(records, through: page.through, texts: texts)
      after = page.through
    }
    // (Everything sent and placed: what later records overwrote can go, here and in the log.)
    while wantsCompaction(after: compactAfter) {
      let compacted = try compact()
      guard !compacted.isEmpty else { break }
      try log.compact(compacted.map { ($0.seq, $0.id, $0.body) })
    }
    try keepCursor()
  }
}
