import TaskwirePostgres

extension SyncReplica {
  /// The records of a pulled page this device merges, each with its seq and its text as the log
  /// has it, in log order; the others are passed over, said through `log`: an empty one (what
  /// compaction left of a record: nothing), one this build cannot read, and one from a clock
  /// more than a day ahead of this device's (it would beat every change made until its time
  /// comes, and this device's own edits would then disagree with its merge; every device
  /// judges alike by its own clock, and clocks agree to far less than a day).
  func takeable(_ page: [PostgresLog.Entry], log: (String) -> Void) -> (
    records: [(record: ChangeRecord, seq: Int64)], texts: [String]
  ) {
    var records: [(record: ChangeRecord, seq: Int64)] = []
    var texts: [String] = []
    let horizon = wallClock() &+ Self.maxAhead
    for entry in page where !entry.body.isEmpty {
      do {
        let record = try ChangeRecord(text: entry.body)
        guard record.device == device || record.hlc.wall <= horizon else {
          log(
            "sync: the log's record \(entry.seq) comes from a clock more than a day ahead (\(record.hlc)): passed over")
          continue
        }
        records.append((record, entry.seq))
        texts.append(entry.body)
      } catch {
        log("sync: the log's record \(entry.seq) cannot be read, passed over: \(error)")
      }
    }
    return (records, texts)
  }

  /// Another replica makes records as this device (record `record`: a copied file): syncing
  /// stops, and says so.
  public struct CopiedReplica: Error, CustomStringConvertible {
    public var record: String
    public var description: String {
      "another replica makes records as this device (record \(record) is not this replica's): a copied replica "
        + "file? On each copy whose sync stopped, stop its servers and run taskwire new-device --db FILE"
    }
  }

  /// A pulled page as every path takes it (the agent's, `taskwire sync`'s): the log's clock
  /// noted (compaction's horizon), a copied replica refused, and the records this device merges.
  public func take(_ page: PostgresLog.Page, log: (String) -> Void) throws(CopiedReplica) -> (
    records: [(record: ChangeRecord, seq: Int64)], texts: [String]
  ) {
    logClock = page.clock
    if let foreign = madeElsewhereAsThisDevice(page.entries) { throw CopiedReplica(record: foreign) }
    return takeable(page.entries, log: log)
  }
}
