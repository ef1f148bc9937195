import JSON
import JSONRPC
import TaskwireCore
import TaskwireProtocol

/// A view's last published snapshot and its version. The three views are always tracked, so
/// that every `view/list` carries a version a drop can be checked against.
final class ViewTracker {
  let view: ViewKind
  var version = 1
  var snapshot: ViewSnapshot

  init(view: ViewKind, index: TaskIndex) {
    self.view = view
    snapshot = ViewSnapshot(view: view, index: index)
  }
}

/// Subscriptions and the diffs pushed to them.
extension Server {
  /// Notes which views a list of changes touched, judged on the index as it is before they
  /// are applied (the old places) and after (the new ones).
  func markDirty(_ changes: [TaskChange]) {
    for change in changes {
      for task in [change.before, change.after].compactMap({ $0 }) {
        if let key = task.listKey(today: index.today) { dirtyViews.insert(key.view) }
      }
    }
  }

  /// Diffs every touched view against its last snapshot; a view whose content changed gets a
  /// new version and each of its subscriptions a `view/changed`, queued in subscription order.
  func publishDirty() {
    guard !dirtyViews.isEmpty else { return }
    var changed: [ViewKind: ViewChangedNotification] = [:]
    for view in ViewKind.allCases where dirtyViews.contains(view) {
      let tracker = trackers[view]!
      let snapshot = ViewSnapshot(view: view, index: index)
      let operations = ViewDiff.between(tracker.snapshot, snapshot)
      let dayChanged = tracker.snapshot.today != snapshot.today
      tracker.snapshot = snapshot
      // A new day is news even for a view whose lists stayed the same: its `today` moved.
      guard !operations.isEmpty || dayChanged else { continue }
      tracker.version += 1
      changed[view] = ViewChangedNotification(
        subscription: 0, view: view, from: tracker.version - 1, to: tracker.version,
        today: index.today, operations: operations)
    }
    dirtyViews.removeAll()
    for (id, view) in subscriptions {
      guard var notification = changed[view] else { continue }
      notification.subscription = id
      outbox.append(
        JSONRPC.Notification(method: ViewChangedNotification.method, params: notification.params).json)
    }
  }

  /// Refuses a drop computed on an older version of the view.
  func check(version: Int?, of view: ViewKind) throws {
    guard let version else { return }
    publishDirty()
    let current = trackers[view]!.version
    if version != current {
      throw DomainError.contentModified(view: view, expected: version, current: current)
    }
  }

  func subscribe(_ params: JSONValue?) throws -> JSONValue {
    let view = try ViewSubscribeRequest.params(params)
    publishDirty()
    let id = nextSubscription
    nextSubscription += 1
    subscriptions.append((id, view))
    let tracker = trackers[view]!
    return .object([
      "subscription": .int(id), "version": .int(tracker.version), "snapshot": listJSON(view),
    ])
  }

  func unsubscribe(_ params: JSONValue?) throws -> JSONValue {
    let id = try ViewUnsubscribeRequest.params(params)
    guard let position = subscriptions.firstIndex(where: { $0.id == id }) else {
      throw RPCError.invalidParams("subscription", "is not an active subscription")
    }
    subscriptions.remove(at: position)
    return .object(["unsubscribed": .int(id)])
  }

  /// A view's result for `view/list`: its snapshot as now, with its version.
  func listJSON(_ view: ViewKind) -> JSONValue {
    publishDirty()
    let tracker = trackers[view]!
    guard case .object(var object) = tracker.snapshot.json else { return .null }
    object["version"] = .int(tracker.version)
    return .object(object)
  }

  /// Takes the notifications queued so far.
  func takeOutbox() -> [JSONValue] {
    defer { outbox.removeAll() }
    return outbox
  }
}
