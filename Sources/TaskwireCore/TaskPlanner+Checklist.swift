/// A task's checklist: lines with a title and a done flag, in order, each with its own uuid.
public enum ChecklistAction: Sendable, Equatable {
  /// `done`: the line comes ticked (a phone's line made done before it was synced); `uuid`: the
  /// line's identity when its client minted one (a phone's sub-task), else one is made.
  case add(title: String, index: Int?, done: Bool = false, uuid: ItemUUID? = nil)
  case rename(item: ItemUUID, title: String)
  case check(item: ItemUUID, done: Bool)
  case move(item: ItemUUID, index: Int)
  case delete(item: ItemUUID)
  /// The line becomes a task of its own (in the task's project or area, on its day).
  case toTask(item: ItemUUID)
}

extension TaskPlanner {
  /// At most this many lines in a task's checklist (each change rewrites the task's row).
  public static let checklistLimit = 500

  /// One checklist gesture as one change of the task (and, for `toTask`, the new task made with
  /// id `nextID`), one undo step.
  public func checklist(_ original: TaskRecord, _ action: ChecklistAction, nextID: Int64) throws(DomainError)
    -> ChangeSet
  {
    guard original.kind == .task else { throw .invalidField("id", "only a task has a checklist") }
    var task = original
    var items = task.checklist
    func position(of uuid: ItemUUID) throws(DomainError) -> Int {
      guard let found = items.firstIndex(where: { $0.uuid == uuid }) else {
        throw .invalidField("item", "\(uuid) is not a line of task \(original.id)'s checklist")
      }
      return found
    }
    func checkedTitle(_ title: String) throws(DomainError) -> String {
      let trimmed = title.trimmingWhitespace
      guard !trimmed.isEmpty else { throw .invalidField("title", "must not be empty") }
      guard trimmed.utf8.count <= 4096 else { throw .invalidField("title", "must be at most 4096 bytes") }
      return trimmed
    }
    var created: TaskRecord? = nil
    switch action {
    case .add(let title, let index, let done, let given):
      guard items.count < Self.checklistLimit else {
        throw .invalidField("title", "a checklist holds at most \(Self.checklistLimit) lines")
      }
      let at = index ?? items.count
      guard (0...items.count).contains(at) else { throw .invalidField("index", "must be from 0 to \(items.count)") }
      // (A line's uuid: random; under the test clock made from the task and the line's count.)
      if let given, items.contains(where: { $0.uuid == given }) {
        throw .invalidField("uuid", "is a line of this checklist already")
      }
      let uuid = given ?? mint(-(original.id << 20 | Int64(items.count + 1) << 8 | Int64(at & 0xFF)))
      items.insert(ChecklistItem(uuid: uuid, title: try checkedTitle(title), done: done), at: at)
    case .rename(let item, let title):
      items[try position(of: item)].title = try checkedTitle(title)
    case .check(let item, let done):
      items[try position(of: item)].done = done
    case .move(let item, let index):
      let from = try position(of: item)
      let line = items.remove(at: from)
      guard (0...items.count).contains(index) else { throw .invalidField("index", "must be from 0 to \(items.count)") }
      items.insert(line, at: index)
    case .delete(let item):
      items.remove(at: try position(of: item))
    case .toTask(let item):
      let line = items.remove(at: try position(of: item))
      var made = TaskRecord(
        id: nextID, title: line.title, createdAt: now, updatedAt: now, rank: 0, uuid: line.uuid,
        parentID: original.parentID)
      made.scheduledDate = original.scheduledDate
      made.completed = line.done
      made.completedAt = line.done ? now : nil
      created = placedAtEnds(made, comparedTo: nil)
    }
    task.checklist = items
    var set = changeSet(words.update(task.title), original, task)
    if let created {
      set.label = words.create(created.title)
      set.changes.append(TaskChange(before: nil, after: created))
    }
    return set
  }
}
