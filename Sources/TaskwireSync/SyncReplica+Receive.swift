import TaskwireCore
import TaskwireStore

extension SyncReplica {
  /// Merges records pulled from the shared log (each with its seq), in one commit: each item
  /// they touch is written as its registers now show it (made, changed, or gone), and so is
  /// each item whose parent they touch. This device's own records coming back only get their
  /// place. Returns what the commit changed (nil when all were this device's own, placed
  /// already: no commit). `through`: the last seq of the page (its last records may have been
  /// unreadable, and are passed over). `texts`: each record's text as the log had it, kept as
  /// it is (a newer device's members this build does not read stay in it).
  @discardableResult
  public func receive(
    _ pulled: [(record: ChangeRecord, seq: Int64)], through: Int64? = nil, texts: [String]? = nil
  ) throws
    -> Replica.Committed?
  {
    try takeInKept()
    // This device's own records, back from the log at the places it has: nothing to write.
    if pulled.allSatisfy({ state.known[$0.record.hlc]?.seq == $0.seq }) {
      seen = max(seen, pulled.map(\.seq).max() ?? 0, through ?? 0)
      return nil
    }
    let last = max(pulled.map(\.seq).max() ?? 0, through ?? 0)
    let before = seen
    var next = state
    let committed = try replica.commit(
      .merge { replica, txn in
        guard let keeper = txn as? SyncRecordTransaction else { throw NotAReplica() }
        var touched: [ItemUUID] = []
        var legacyIDs: [ItemUUID: Int64] = [:]
        for (index, (record, seq)) in pulled.enumerated() {
          if next.known[record.hlc] != nil {
            next.place(record.hlc, seq: seq)
            try keeper.placeRecord(hlc: record.hlc.description, seq: seq)
            continue
          }
          try keeper.keepRecord(
            StoredRecord(
              hlc: record.hlc.description, id: record.id.description, seen: record.seen, seq: seq,
              body: texts.map { $0[index] } ?? record.text))
          next.apply(record, seq: seq)
          touched += record.items.map(\.uuid)
          // (Only from a genesis, which is timed at the start of the clock.)
          for item in record.items where record.kind == .genesis && record.hlc.wall == 0 {
            if let legacy = item.legacyID, legacyIDs[item.uuid] == nil { legacyIDs[item.uuid] = legacy }
          }
        }
        if last > before { try keeper.setSyncSeen(last) }
        return try Self.rows(for: touched, in: next, replica: replica, txn: txn, legacyIDs: legacyIDs)
      })
    for (record, _) in pulled { observe(record.hlc, now: wallClock()) }
    seen = max(seen, last)
    state = next
    return committed
  }

  /// The row changes that make the replica show `state` for these items and their children.
  static func rows(
    for touched: [ItemUUID], in state: MergeState, replica: Replica, txn: any StorageTransaction,
    legacyIDs: [ItemUUID: Int64] = [:]
  ) throws -> [TaskChange] {
    guard !touched.isEmpty else { return [] }
    var items: [ItemUUID] = []
    var listed: Set<ItemUUID> = []
    for uuid in touched where listed.insert(uuid).inserted { items.append(uuid) }
    // Children whose parent came, went or changed kind show elsewhere now.
    for (uuid, registers) in state.items.sorted(by: { $0.key < $1.key }) {
      guard let parent = registers["parent"]?.value.stringValue.flatMap(ItemUUID.init), listed.contains(parent),
        listed.insert(uuid).inserted
      else { continue }
      items.append(uuid)
    }
    // Ids first: an item of a genesis keeps the id it had in the store it came from when this
    // replica never gave that id (it is at or past the next local one, and no other item of
    // the page took it); every other item made here gets the next local id past those, in the
    // records' order. (A replica never gives an id twice: an old id may be in its undo steps.)
    var ids: [ItemUUID: Int64] = [:]
    let firstFree = try txn.nextTaskID()
    func localID(_ uuid: ItemUUID) throws -> Int64? {
      if let id = ids[uuid] { return id }
      let id = try replica.storage.taskID(uuid: uuid)
      ids[uuid] = id
      return id
    }
    var made: [ItemUUID] = []
    for uuid in items where try localID(uuid) == nil && state.items[uuid]?.created != nil && state.view(of: uuid) != nil
    {
      made.append(uuid)
    }
    var taken: Set<Int64> = []
    for uuid in made {
      if let legacy = legacyIDs[uuid], legacy >= firstFree, taken.insert(legacy).inserted { ids[uuid] = legacy }
    }
    var nextID = max(firstFree, (taken.max() ?? 0) + 1)
    for uuid in made where ids[uuid] == nil {
      ids[uuid] = nextID
      nextID += 1
    }
    var changes: [TaskChange] = []
    for uuid in items {
      let id = try localID(uuid)
      var current: TaskRecord? = nil
      if let id { current = try replica.index.tasks[id] ?? replica.storage.task(id: id) }
      // An item no record here made (it came before this replica's records, or an update came
      // before its creation) is left as it is: a row of defaults would lose what it holds.
      guard state.items[uuid]?.created != nil else { continue }
      guard let view = state.view(of: uuid), let id else {
        if let current { changes.append(TaskChange(before: current, after: nil)) }
        continue
      }
      let after = view.task(id: id, parentID: try view.parent.flatMap(localID))
      if after != current { changes.append(TaskChange(before: current, after: after)) }
    }
    return changes
  }
}
