import TaskwireCore
import TaskwireProtocol

/// Display parts in diffs (`initializationOptions.displayParts`): what a client that draws the
/// server's parts needs beyond the record changes. A task's parts change with the day and the
/// language too, and a group's header with every task that enters or leaves it (its total), so
/// a diff also carries an `update` of a task whose parts alone changed and an `updateGroup` of
/// a header that changed.
extension ViewPublisher {
  /// How tasks read today in the session's language; nil for a client that did not ask.
  /// Made once per day and language (it holds the texts of the days around today).
  var presenter: TaskPresenter? {
    guard displayParts else { return nil }
    if let cached = presenterCache, cached.today == index.today, cached.language == language,
      cached.placesVersion == placesVersion
    {
      return cached
    }
    let made = TaskPresenter(
      today: index.today, language: language, places: TaskPresenter.places(in: index), placesVersion: placesVersion)
    presenterCache = made
    return made
  }

  /// A tracker's first subscriber gets its snapshot as it reads now.
  func startPresenting(_ tracker: ViewTracker, presenter: TaskPresenter) {
    tracker.presentedWith = presenter
    tracker.groupDisplays = [:]
    for group in tracker.snapshot?.groups ?? [] { tracker.groupDisplays[group.key] = presenter.parts(of: group) }
  }

  /// Adds to a tracker's diff the parts-only updates and the changed headers, and says how the
  /// subscribers' tasks read before it. Linear in the tasks of the touched groups; in every
  /// task of the view only when the day or the language changed.
  func presentationOps(
    _ tracker: ViewTracker, _ snapshot: ViewSnapshot, _ operations: inout [DiffOperation], presenter: TaskPresenter
  ) -> DiffPresentation {
    let before = tracker.presentedWith ?? presenter
    tracker.presentedWith = presenter
    let everything = before != presenter
    var touched: Set<ListKey> = []
    var announced: Set<ListKey> = []
    var updated: Set<Int64> = []
    for operation in operations {
      switch operation {
      case .insert(let group, _, let task):
        touched.insert(group)
        updated.insert(task.id)
      case .update(let group, _, _, let task):
        touched.insert(group)
        updated.insert(task.id)
      case .remove(let group, _, _): touched.insert(group)
      case .move(_, let from, _, let to, _): touched.formUnion([from, to])
      case .insertGroup(_, let group), .updateGroup(_, let group): announced.insert(group.key)
      case .removeGroup(_, let key): tracker.groupDisplays[key] = nil
      }
    }
    if !announced.isEmpty {
      // A header op carries the group's display as it is after the whole diff (its total
      // counts the tasks the diff inserts after it), so it takes the group from the snapshot.
      var final: [ListKey: ViewSnapshot.Group] = [:]
      for group in snapshot.groups where announced.contains(group.key) { final[group.key] = group }
      for (position, operation) in operations.enumerated() {
        switch operation {
        case .insertGroup(let index, let group):
          if let group = final[group.key] { operations[position] = .insertGroup(index: index, group: group) }
        case .updateGroup(let index, let group):
          if let group = final[group.key] { operations[position] = .updateGroup(index: index, group: group) }
        default: break
        }
      }
    }
    if everything {
      for group in snapshot.groups {
        for (index, task) in group.tasks.enumerated() where !updated.contains(task.id) {
          if before.parts(of: task, in: group.key) != presenter.parts(of: task, in: group.key) {
            operations.append(.update(group: group.key, index: index, before: task, after: task))
          }
        }
      }
    }
    for (index, group) in snapshot.groups.enumerated()
    where everything || touched.contains(group.key) || announced.contains(group.key) {
      let parts = presenter.parts(of: group)
      if !announced.contains(group.key) && tracker.groupDisplays[group.key] != parts {
        operations.append(.updateGroup(index: index, group: group))
      }
      tracker.groupDisplays[group.key] = parts
    }
    return DiffPresentation(before: before, after: presenter)
  }
}
