/// The structure's rules (Things' model): a task sits in a project, under one of its headings,
/// or in an area; a heading in a project; a project in an area or in none; an area at the top.
/// A parent is an open item of the index (a completed project takes no new tasks).
extension TaskPlanner {
  func checkStructure(of item: TaskRecord) throws(DomainError) {
    let allowed: [ItemKind]
    switch item.kind {
    case .task: allowed = [.project, .heading, .area]
    case .heading: allowed = [.project]
    case .project: allowed = [.area]
    case .area: allowed = []
    }
    guard let parentID = item.parentID else {
      guard item.kind != .heading else { throw .invalidField("parent", "a heading needs its project") }
      return
    }
    guard parentID != item.id else { throw .invalidField("parent", "an item cannot be its own parent") }
    guard let parent = index.tasks[parentID], !parent.completed else {
      throw .invalidField("parent", "\(parentID) is not an open project, heading or area")
    }
    guard allowed.contains(parent.kind) else {
      let names = allowed.map(\.rawValue).joined(separator: " or ")
      throw .invalidField(
        "parent",
        allowed.isEmpty
          ? "an area has no parent" : "a \(item.kind.rawValue) goes into a \(names), not a \(parent.kind.rawValue)")
    }
  }
}

extension TaskPlanner {
  /// An item's open descendants, parents before their items: a project's tasks and headings
  /// (and the headings' tasks), an area's projects and tasks (and theirs).
  public func openDescendants(of item: TaskRecord) -> [TaskRecord] {
    guard item.kind != .task else { return [] }
    var found: [TaskRecord] = []
    var queue = [item.id]
    while let parent = queue.popLast() {
      for kind in ItemKind.allCases {
        for child in index.tasks(in: .children(parent: parent, kind: kind)) {
          found.append(child)
          queue.append(child.id)
        }
      }
    }
    return found
  }

  /// Completing a project (or a heading) completes its open tasks with it, in one step; their
  /// repeats make no next occurrence (the project is done). An area is not completed.
  func completeWithDescendants(_ original: TaskRecord, into set: inout ChangeSet) throws(DomainError) {
    guard original.kind != .area else { throw .invalidField("id", "an area is not completed; delete it or keep it") }
    for child in openDescendants(of: original) {
      var done = child
      done.completed = true
      done.completedAt = now
      done.updatedAt = now
      set.changes.append(TaskChange(before: child, after: done))
    }
  }

  /// Deleting an item with open items in it says what becomes of them (`children`): deleted
  /// with it, or kept, moved up to the item's own parent (a project's tasks to its area, or to
  /// no project; a heading's tasks to its project). No default: nothing is lost by omission.
  public func delete(_ item: TaskRecord, children: DeleteChildren?) throws(DomainError) -> ChangeSet {
    var set = delete(item)
    let descendants = openDescendants(of: item)
    guard !descendants.isEmpty else { return set }
    guard let children else {
      throw .invalidField(
        "children",
        "is required: '\(item.title)' holds \(descendants.count) open items; delete them with it, or keep them")
    }
    switch children {
    case .delete:
      for child in descendants.reversed() { set.changes.insert(TaskChange(before: child, after: nil), at: 0) }
    case .keep:
      // The direct items move up to the item's parent (at the ends of its lists); a project's
      // headings go with it, their tasks moving up with the project's own.
      var ends: [ListKey: Int64] = [:]
      var movedUp: [TaskRecord] = []
      var headings: [TaskRecord] = []
      for child in descendants where child.parentID == item.id {
        if child.kind == .heading {
          headings.append(child)
          movedUp += index.tasks(in: .children(parent: child.id, kind: .task))
        } else {
          movedUp.append(child)
        }
      }
      var kept: [TaskChange] = []
      for child in movedUp {
        var moved = child
        moved.parentID = item.parentID
        if let key = moved.childrenKey {
          let rank = ends[key] ?? index.endRank(of: key)
          ends[key] = rank + DropIndex.gap
          moved.parentRank = rank
        }
        if let key = moved.listKey(today: today), key != child.listKey(today: today) {
          let rank = ends[key] ?? index.endRank(of: key)
          ends[key] = rank + DropIndex.gap
          moved.rank = rank
        }
        moved.updatedAt = now
        kept.append(TaskChange(before: child, after: moved))
      }
      set.changes = kept + headings.map { TaskChange(before: $0, after: nil) } + set.changes
    }
    return set
  }
}

/// What becomes of the items in a deleted project, heading or area.
public enum DeleteChildren: String, CaseIterable, Sendable {
  case delete
  case keep
}
