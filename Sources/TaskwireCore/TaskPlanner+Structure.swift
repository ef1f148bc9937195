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
      let names = allowed.map(\.withArticle).joined(separator: " or ")
      throw .invalidField(
        "parent",
        allowed.isEmpty
          ? "an area has no parent" : "\(item.kind.withArticle) goes into \(names), not \(parent.kind.withArticle)")
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
  /// repeats make no next occurrence (the project is done). Cancelling one cancels them. An area
  /// is not completed.
  func completeWithDescendants(_ original: TaskRecord, cancelled: Bool, into set: inout ChangeSet)
    throws(DomainError)
  {
    guard original.kind != .area else { throw .invalidField("id", "an area is not completed; delete it or keep it") }
    for child in openDescendants(of: original) {
      var done = child
      done.completed = true
      done.cancelled = cancelled
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

extension TaskPlanner {
  /// Quick add's project by name (`>Garden`, `>Garden/Spring`) as the parent's id: an open
  /// project's title, case and `-`/`_` for spaces aside; a near miss is named.
  func resolvingProjectName(_ patch: TaskPatch) throws(DomainError) -> TaskPatch {
    guard let name = patch.projectName, patch.parent == nil else { return patch }
    var patch = patch
    patch.projectName = nil
    let parts = name.split(separator: "/", maxSplits: 1).map(String.init)
    let projects =
      index.tasks(in: .children(parent: 0, kind: .project))
      + index.tasks(in: .children(parent: 0, kind: .area)).flatMap {
        index.tasks(in: .children(parent: $0.id, kind: .project))
      }
    let project = try Self.named(parts[0], among: projects, what: "project")
    guard parts.count == 2 else {
      patch.parent = .some(project.id)
      return patch
    }
    let heading = try Self.named(
      parts[1], among: index.tasks(in: .children(parent: project.id, kind: .heading)), what: "heading")
    patch.parent = .some(heading.id)
    return patch
  }

  static func comparable(_ text: String) -> String {
    String(text.lowercased().map { $0 == "-" || $0 == "_" ? " " : $0 })
  }

  static func named(_ name: String, among items: [TaskRecord], what: String) throws(DomainError) -> TaskRecord {
    let wanted = comparable(name)
    if let found = items.first(where: { comparable($0.title) == wanted }) { return found }
    // A near miss (at most two edits, titles of a sensible length) is suggested.
    let near = items.filter { $0.title.count <= 200 }.map { ($0, editDistance(comparable($0.title), wanted)) }
      .filter { $0.1 <= 2 }.min { $0.1 < $1.1 }
    let hint = near.map { "; did you mean \"\($0.0.title)\"?" } ?? ""
    throw .invalidField("text", "there is no open \(what) named \"\(name)\"\(hint)")
  }

  /// Levenshtein's distance between two short strings.
  static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    guard !a.isEmpty else { return b.count }
    var row = Array(0...b.count)
    for i in 1...a.count {
      var previous = row[0]
      row[0] = i
      for j in stride(from: 1, through: b.count, by: 1) {
        let current = row[j]
        row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
        previous = current
      }
    }
    return row[b.count]
  }
}
