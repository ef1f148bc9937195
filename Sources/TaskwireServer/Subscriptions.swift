import Foundation
import JSON
import JSONRPC
import TaskwireCore
import TaskwireProtocol

/// A query's version and, while someone is subscribed to it, its last published snapshot. The
/// unfiltered views are always tracked, so that every `view/list` carries the version a drop
/// is checked against; a filtered or sorted query is tracked while subscribed.
final class ViewTracker {
  let query: ViewQuery
  var version = 1
  var snapshot: ViewSnapshot? = nil
  var subscribers = 0

  init(query: ViewQuery) { self.query = query }
}

/// Subscriptions and the diffs pushed to them.
extension Server {
  static let logbookLimit = 200

  /// Notes which views and lists a list of changes touched: a date list (and `all`) when a
  /// task's visible fields, date-list place or rank changed; a quadrant when its visible fields,
  /// quadrant or matrix rank did; the logbook for completed tasks. A view whose content did not
  /// change keeps its version, so that a drop computed on it is not refused for nothing.
  func markDirty(_ changes: [TaskChange]) {
    for change in changes {
      let before = change.before
      let after = change.after
      let visible = !(before.flatMap { old in after.map { old.looksLike($0) } } ?? false)
      let today = index.today
      let listMoved = visible || before?.rank != after?.rank || before?.listKey(today: today) != after?.listKey(today: today)
      let quadrantMoved = visible || before?.matrixRank != after?.matrixRank || before?.quadrant != after?.quadrant
      for task in [before, after].compactMap({ $0 }) {
        if let key = task.listKey(today: today), let quadrant = task.quadrant {
          if listMoved {
            dirtyViews.formUnion([key.view, .all])
            dirtyLists.insert(key)
          }
          if quadrantMoved {
            dirtyViews.insert(.matrix)
            dirtyLists.insert(.quadrant(quadrant))
          }
        } else {
          dirtyViews.insert(.logbook)
        }
      }
    }
  }

  /// Marks whole views as changed (a new day), to be rebuilt rather than patched.
  func markRebuilt(_ views: some Sequence<ViewKind>) {
    dirtyViews.formUnion(views)
    rebuiltViews.formUnion(views)
  }

  func snapshot(_ query: ViewQuery) -> ViewSnapshot {
    var logbook: [(task: TaskRecord, day: CalendarDate)] = []
    if query.view == .logbook {
      let completed = (try? store.completedTasks(limit: Self.logbookLimit)) ?? []
      logbook = completed.map { task in
        let instant = task.completedAt.flatMap(DayClock.instant(of:)) ?? clock.now
        return (task, dayClock.day(of: instant))
      }
    }
    return ViewSnapshot(query: query, index: index, logbook: logbook)
  }

  /// Brings every touched query up to date. A subscribed query is diffed against its last
  /// snapshot: when its content changed (or the day did) it gets a new version and each of its
  /// subscriptions a `view/changed`, queued in subscription order. A query nobody is subscribed
  /// to only counts the change.
  func publishDirty() {
    guard !dirtyViews.isEmpty else { return }
    var changed: [ViewQuery: ViewChangedNotification] = [:]
    for tracker in trackers.values where dirtyViews.contains(tracker.query.view) {
      guard let old = tracker.snapshot else {
        tracker.version += 1
        continue
      }
      // List-based views patch the lists a change touched; the others are rebuilt whole.
      let view = tracker.query.view
      let patchable = view != .all && view != .logbook && !rebuiltViews.contains(view)
      let new = patchable ? old.updating(dirtyLists, query: tracker.query, index: index) : snapshot(tracker.query)
      let operations = ViewDiff.between(old, new, touched: patchable ? dirtyLists : nil)
      tracker.snapshot = new
      // A new day is news even for a view whose lists stayed the same: its `today` moved.
      guard !operations.isEmpty || old.today != new.today else { continue }
      tracker.version += 1
      changed[tracker.query] = ViewChangedNotification(
        subscription: 0, view: tracker.query.view, from: tracker.version - 1, to: tracker.version,
        today: index.today, operations: operations)
    }
    dirtyViews.removeAll()
    dirtyLists.removeAll()
    rebuiltViews.removeAll()
    for (id, query) in subscriptions {
      guard var notification = changed[query] else { continue }
      notification.subscription = id
      outbox.append(
        JSONRPC.Notification(method: ViewChangedNotification.method, params: notification.params).json)
    }
  }

  /// Refuses a drop computed on an older version of the view.
  func check(version: Int?, of view: ViewKind) throws {
    guard let version else { return }
    publishDirty()
    let current = trackers[ViewQuery(view: view)]!.version
    if version != current {
      throw DomainError.contentModified(view: view, expected: version, current: current)
    }
  }

  func subscribe(_ params: JSONValue?) throws -> JSONValue {
    let query = try ViewSubscribeRequest.params(params, today: index.today)
    publishDirty()
    let tracker = trackers[query] ?? ViewTracker(query: query)
    trackers[query] = tracker
    if tracker.snapshot == nil { tracker.snapshot = snapshot(query) }
    tracker.subscribers += 1
    let id = nextSubscription
    nextSubscription += 1
    subscriptions.append((id, query))
    return .object([
      "subscription": .int(id), "version": .int(tracker.version), "snapshot": json(tracker.snapshot!, version: tracker.version),
    ])
  }

  func unsubscribe(_ params: JSONValue?) throws -> JSONValue {
    let id = try ViewUnsubscribeRequest.params(params)
    guard let position = subscriptions.firstIndex(where: { $0.id == id }) else {
      throw RPCError.invalidParams("subscription", "is not an active subscription")
    }
    let query = subscriptions.remove(at: position).query
    if let tracker = trackers[query] {
      tracker.subscribers -= 1
      if tracker.subscribers == 0 {
        tracker.snapshot = nil
        if !query.isBase { trackers[query] = nil }
      }
    }
    return .object(["unsubscribed": .int(id)])
  }

  /// A query's result for `view/list`, with its view's version: the one a drop is checked
  /// against, filtered or not.
  func list(_ params: JSONValue?) throws -> JSONValue {
    let query = try ViewListRequest.params(params, today: index.today)
    publishDirty()
    let content = trackers[query]?.snapshot ?? snapshot(query)
    return json(content, version: trackers[ViewQuery(view: query.view)]!.version)
  }

  func json(_ snapshot: ViewSnapshot, version: Int) -> JSONValue {
    guard case .object(var object) = snapshot.json else { return .null }
    object["version"] = .int(version)
    return .object(object)
  }

  func tags(_ params: JSONValue?) throws -> JSONValue {
    try TagsListRequest.params(params)
    var counts: [String: Int] = [:]
    for task in index.tasks.values { for tag in task.tags { counts[tag, default: 0] += 1 } }
    let sorted = counts.sorted { ($0.key.lowercased(), $0.key) < ($1.key.lowercased(), $1.key) }
    return .object(["tags": .array(sorted.map { .object(["tag": .string($0.key), "count": .int($0.value)]) })])
  }

  /// Takes the notifications queued so far.
  func takeOutbox() -> [JSONValue] {
    defer { outbox.removeAll() }
    return outbox
  }
}
