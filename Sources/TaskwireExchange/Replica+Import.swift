import TaskwireCore
import TaskwireStore

extension Replica {
  /// Imports a batch as one undo step, through the one commit path: a task seen in an earlier
  /// import of the same source (by its key) is updated, the others are created at the ends of
  /// their lists in the file's order. Nothing is written when the batch changes nothing.
  public func importBatch(_ batch: ImportBatch) throws -> ImportReport {
    var report = batch.report
    var label: String? = nil
    try commit(
      .action { replica, txn in
        let plan = try ImportPlan.make(batch, replica: replica, nextID: try txn.nextTaskID())
        report.created = plan.created
        report.updated = plan.updated
        report.unchanged = plan.unchanged
        try txn.setExternalIDs(source: batch.format.rawValue, plan.keys)
        guard !plan.changes.isEmpty else { return ChangeSet(label: "", changes: []) }
        let count = plan.created + plan.updated
        let text = replica.words.importTasks(count, replica.words.grouped(count), batch.format.rawValue)
        label = text
        return ChangeSet(label: text, changes: plan.changes)
      })
    report.step = label
    return report
  }
}

/// The changes an import makes, planned inside its transaction against the index as it is.
struct ImportPlan {
  var changes: [TaskChange] = []
  var keys: [(key: String, taskID: Int64)] = []
  var created = 0
  var updated = 0
  var unchanged = 0

  static func make(_ batch: ImportBatch, replica: Replica, nextID first: Int64) throws -> ImportPlan {
    var plan = ImportPlan()
    let source = batch.format.rawValue
    var known = try replica.storage.externalIDs(source: source)
    if batch.format == .taskwarrior, batch.tasks.contains(where: { $0.key.map { known[$0] == nil } ?? false }) {
      // Tasks exported from taskwire carry uuids derived from them: know those too.
      try replica.storage.forEachTask(includingCompleted: true) { task in
        let uuid = TaskwarriorWriter.derivedUUID(of: task)
        if known[uuid] == nil { known[uuid] = task.id }
      }
    }
    var ends: [ListKey: Int64] = [:]
    func end(_ key: ListKey) -> Int64 {
      let rank = ends[key] ?? replica.index.endRank(of: key)
      ends[key] = rank + DropIndex.gap
      return rank
    }
    // An item of the file whose uuid the store knows is that item, whatever its key.
    var byUUID: [ItemUUID: Int64] = [:]
    if batch.tasks.contains(where: { $0.task.uuid != .none }) {
      try replica.storage.forEachTask(includingCompleted: true) { task in byUUID[task.uuid] = task.id }
    }
    var nextID = first
    var seenKeys = Set<String>()
    var seenUUIDs = Set<ItemUUID>()
    var placed: [(imported: ImportedTask, before: TaskRecord?, id: Int64)] = []
    // Later records of the same key (or uuid) win; each task is written once.
    for imported in batch.tasks.reversed() {
      if let key = imported.key, !seenKeys.insert(key).inserted { continue }
      let uuid = imported.task.uuid
      if uuid != .none, !seenUUIDs.insert(uuid).inserted { continue }
      let existingID = (uuid == .none ? nil : byUUID[uuid]) ?? imported.key.flatMap { known[$0] }
      let before = try existingID.flatMap { try replica.index.tasks[$0] ?? replica.storage.task(id: $0) }
      let id = before?.id ?? 0
      placed.append((imported, before, id))
    }
    placed.reverse()
    for index in placed.indices where placed[index].before == nil {
      placed[index].id = nextID
      nextID += 1
    }
    // New places at the ends of lists and quadrants, in the order the file gives them.
    let today = replica.today
    var after: [Int64: TaskRecord] = [:]
    // The file's ids of parents, as the store's.
    var idOfKey: [String: Int64] = [:]
    for entry in placed { if let key = entry.imported.key { idOfKey[key] = entry.id } }
    let deterministic = replica.clock.isFixed
    for entry in placed {
      var task = entry.imported.task
      task.id = entry.id
      if let before = entry.before {
        task.rank = before.rank
        task.matrixRank = before.matrixRank
        task.uuid = before.uuid
      } else if task.uuid == .none {
        task.uuid = ItemUUID.minted(for: entry.id, deterministic: deterministic, salt: replica.uuidSalt)
      }
      if let parent = task.parentID { task.parentID = idOfKey[String(parent)] ?? known[String(parent)] }
      task.checklist = task.checklist.enumerated().map { n, item in
        var item = item
        if item.uuid == .none {
          item.uuid = ItemUUID.minted(
            for: -(entry.id << 12 | Int64(n)), deterministic: deterministic, salt: replica.uuidSalt)
        }
        return item
      }
      after[entry.id] = task
    }
    // Taskwarrior's projects: found among the open ones by title, or made (an area for the
    // part before the first dot), at the ends of their lists; the task goes to its project's end.
    var madeItems: [TaskChange] = []
    var madeIDs: [String: Int64] = [:]
    func item(_ kind: ItemKind, _ title: String, parent: Int64?) -> Int64 {
      let key = "\(kind.rawValue)\u{0}\(parent ?? 0)\u{0}\(title)"
      if let id = madeIDs[key] { return id }
      let list = ListKey.children(parent: parent ?? 0, kind: kind)
      if let found = replica.index.tasks(in: list).first(where: { $0.title == title }) { return found.id }
      var made = TaskRecord(
        id: nextID, title: title, createdAt: replica.timestamp, updatedAt: replica.timestamp, rank: 0,
        uuid: ItemUUID.minted(for: nextID, deterministic: deterministic, salt: replica.uuidSalt), kind: kind,
        parentID: parent)
      made.parentRank = end(list)
      nextID += 1
      madeIDs[key] = made.id
      madeItems.append(TaskChange(before: nil, after: made))
      return made.id
    }
    for entry in placed {
      guard let path = entry.imported.project, var task = after[entry.id] else { continue }
      let parts = path.split(separator: ".", maxSplits: 1).map { String($0).trimmingCharacters(in: .whitespaces) }
      let project =
        parts.count == 2 && !parts[0].isEmpty && !parts[1].isEmpty
        ? item(.project, parts[1], parent: item(.area, parts[0], parent: nil)) : item(.project, path, parent: nil)
      if task.parentID != project {
        task.parentID = project
        task.parentRank = end(.children(parent: project, kind: .task))
      }
      after[entry.id] = task
    }
    let byRank = placed.sorted {
      ($0.imported.task.rank, $0.imported.record) < ($1.imported.task.rank, $1.imported.record)
    }
    for entry in byRank {
      guard var task = after[entry.id], let key = task.listKey(today: today) else { continue }
      if key != entry.before?.listKey(today: today) { task.rank = end(key) }
      after[entry.id] = task
    }
    let byMatrixRank = placed.sorted {
      ($0.imported.task.matrixRank, $0.imported.record) < ($1.imported.task.matrixRank, $1.imported.record)
    }
    for entry in byMatrixRank {
      guard var task = after[entry.id], let quadrant = task.quadrant else { continue }
      if quadrant != entry.before?.quadrant { task.matrixRank = end(.quadrant(quadrant)) }
      after[entry.id] = task
    }
    plan.changes = madeItems
    for entry in placed {
      guard let task = after[entry.id] else { continue }
      if let key = entry.imported.key { plan.keys.append((key, entry.id)) }
      if let before = entry.before {
        if before.looksLike(task) {
          plan.unchanged += 1
          continue
        }
        plan.updated += 1
      } else {
        plan.created += 1
      }
      plan.changes.append(TaskChange(before: entry.before, after: task))
    }
    return plan
  }
}
