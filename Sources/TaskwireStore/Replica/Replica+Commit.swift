import TaskwireCore

/// The one commit path: every change, whoever makes it, is one transaction that catches up with
/// the other writers, plans against the index as it now is, and writes the rows with their undo
/// step (or history flip) and change-log entries; only once committed is the index patched.
extension Replica {
  public enum Change {
    /// A user action, planned inside the transaction (`plan` may throw to refuse it; it may
    /// ask the transaction for the next task id, or record an import's keys).
    case action((Replica, any StorageTransaction) throws -> ChangeSet)
    case undo
    case redo
    /// A new day: Today's arrivals go to its end. Not an undo step: no user made it.
    case rollover
    /// Other devices' changes (issue 31), planned inside the transaction: no undo step, and no
    /// change record of this device (`commitObserver` is not called).
    case merge((Replica, any StorageTransaction) throws -> [TaskChange])
  }

  /// What a commit of this device is, for its observer.
  public enum CommitKind: String, Sendable {
    case action, undo, redo, rollover
  }

  /// What a commit did.
  public struct Committed: Sendable {
    public var label: String
    /// The changes applied, in order (for an undo, the step's inverse).
    public var changes: [TaskChange]
    /// The history step an undo or redo applied.
    public var step: HistoryStep?
  }

  @discardableResult
  public func commit(_ change: Change) throws -> Committed {
    var latest = ChangeCursor.start
    let committed = try storage.write { txn throws -> Committed in
      try catchUp(inTransaction: true)
      let committed: Committed
      switch change {
      case .action(let plan):
        let set = try plan(self, txn)
        if !set.changes.isEmpty {
          try txn.writeRows(set.changes)
          try txn.appendStep(label: set.label, client: client, at: timestamp, changes: set.changes)
        }
        committed = Committed(label: set.label, changes: set.changes, step: nil)
      case .undo: committed = try replayHistory(undo: true, txn)
      case .redo: committed = try replayHistory(undo: false, txn)
      case .rollover: committed = try rollOver(txn)
      case .merge(let plan):
        let changes = try plan(self, txn)
        if !changes.isEmpty { try txn.writeRows(changes) }
        committed = Committed(label: "Merge", changes: changes, step: nil)
      }
      if let commitObserver, !committed.changes.isEmpty {
        let kind: CommitKind? =
          switch change {
          case .action: .action
          case .undo: .undo
          case .redo: .redo
          case .rollover: .rollover
          case .merge: nil
          }
        if let kind { try commitObserver(kind, committed, txn) }
      }
      latest = try feed.latestChange()
      return committed
    }
    // Only once committed: a rolled-back transaction's log entries are reused by the next writer.
    seenChange = latest
    commitsSinceIdle += 1
    commits += 1
    pending.changes += committed.changes
    index.apply(committed.changes)
    return committed
  }

  /// Applies a step's inverse (undo) or the step again (redo), after checking that every task
  /// it touches is still exactly as the step left it.
  ///
  /// The rank rule: each task is written as it is now with what the step changed put back (or
  /// done again). The places in manual orders (`rank`, `matrixRank`) may have moved since
  /// without anyone's step (a new day puts arrivals at Today's end); one the step did not
  /// change keeps its place as it is now, one the step changed gets the step's. Each change
  /// starts from the row as stored, so every backend writes the same row and memory agrees.
  private func replayHistory(undo: Bool, _ txn: any StorageTransaction) throws -> Committed {
    guard let step = try undo ? storage.latestUndoable() : storage.latestRedoable() else {
      throw undo ? DomainError.nothingToUndo : DomainError.nothingToRedo
    }
    let planned = undo ? ChangeSet(label: step.label, changes: step.changes).inverse : step.changes
    var applied: [TaskChange] = []
    applied.reserveCapacity(planned.count)
    // A step may change one task twice (a batch: made, then completed): each change is checked
    // against the task as the changes before it in the step left it.
    var replayed: [Int64: TaskRecord?] = [:]
    for var change in planned {
      guard change.before != nil || change.after != nil else {
        throw DomainError.historyConflict(
          "a row of '\(step.label)' cannot be read; nothing was \(undo ? "undone" : "redone")")
      }
      let current = try replayed[change.taskID] ?? index.tasks[change.taskID] ?? storage.task(id: change.taskID)
      // A step recorded before items had uuids (schema 5) holds none: the item keeps its own.
      if change.before?.uuid == ItemUUID.none || change.after?.uuid == ItemUUID.none {
        let uuid = current?.uuid ?? ItemUUID.minted(for: change.taskID, deterministic: clock.isFixed, salt: uuidSalt)
        if change.before?.uuid == ItemUUID.none { change.before?.uuid = uuid }
        if change.after?.uuid == ItemUUID.none { change.after?.uuid = uuid }
      }
      let unchanged =
        current.flatMap { now in change.before.map { now.looksLike($0) } } ?? (current == nil && change.before == nil)
      // An item the step made again that is back under another id (another device's edit
      // brought it back after this one deleted it) has changed since, too.
      let elsewhere =
        try current == nil
        && change.after.map { try storage.taskID(uuid: $0.uuid).map { $0 != change.taskID } ?? false }
          ?? false
      guard unchanged, !elsewhere else {
        throw DomainError.historyConflict(
          "task \(change.taskID) changed since '\(step.label)'; nothing was \(undo ? "undone" : "redone")")
      }
      var after = change.after
      if let now = current, let before = change.before, var written = after {
        if written.rank == before.rank { written.rank = now.rank }
        if written.matrixRank == before.matrixRank { written.matrixRank = now.matrixRank }
        if written.parentRank == before.parentRank { written.parentRank = now.parentRank }
        after = written
      }
      applied.append(TaskChange(before: current, after: after))
      replayed[change.taskID] = .some(after)
    }
    try txn.writeRows(applied)
    try txn.markStep(step.id, undone: undo)
    return Committed(label: step.label, changes: applied, step: step)
  }

  /// Runs the rollover once per day for every server on the store (the day is kept in the
  /// store); a failure is logged, and tried again on the next request or tick.
  func rollOverIfNeeded() {
    guard isLoaded, rolledOverTo.map({ $0 < index.today }) ?? true, !storage.isReadOnly else { return }
    let day = index.today
    do {
      try commit(.rollover)
      rolledOverTo = day
    } catch {
      log("could not roll the lists over to \(index.today): \(error)")
    }
  }

  /// The tasks that arrive in Today (from yesterday's "Tomorrow", or from days no server was
  /// running) go to Today's end, in their days' order, instead of interleaving with Today's
  /// own manual order.
  private func rollOver(_ txn: any StorageTransaction) throws -> Committed {
    let day = index.today
    let label = "Roll over to \(day)"
    guard let last = try storage.rolledOverTo() else {
      try txn.setRolledOverTo(day)
      return Committed(label: label, changes: [], step: nil)
    }
    guard last < day else { return Committed(label: label, changes: [], step: nil) }
    // The day a task came into Today: its date's, or its deadline's when that came first (a
    // deadline brings a task with a later date, or none, into Today).
    func arrival(_ task: TaskRecord) -> CalendarDate {
      [task.scheduledDate, task.dueDate].compactMap { $0 }.filter { $0 <= day }.min() ?? day
    }
    // (Each task's arrival found once, not in every comparison of the sort.)
    let today = index.tasks(in: .today).map { (task: $0, day: arrival($0)) }
    let arriving = today.filter { $0.day > last }
      .sorted { ($0.day, $0.task.rank, $0.task.id) < ($1.day, $1.task.rank, $1.task.id) }.map(\.task)
    let staying = today.filter { $0.day <= last }.map(\.task)
    var rank = (staying.map(\.rank).max() ?? ((arriving.first?.rank ?? 0) - DropIndex.gap))
    let changes = arriving.map { task -> TaskChange in
      rank += DropIndex.gap
      var moved = task
      moved.rank = rank
      return TaskChange(before: task, after: moved)
    }
    try txn.writeRows(changes)
    try txn.setRolledOverTo(day)
    return Committed(label: label, changes: changes, step: nil)
  }
}
