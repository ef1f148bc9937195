import JSON
import JSONRPC
import TaskwireCore
import TaskwireProtocol
import TaskwireStore

/// A query's version and, while someone is subscribed to it, its last published snapshot. The
/// unfiltered views are always tracked, so that every `view/list` carries the version a drop
/// is checked against; a filtered or sorted query is tracked while subscribed.
final class ViewTracker {
  let query: ViewQuery
  var version = 1
  var snapshot: ViewSnapshot? = nil
  var subscribers = 0
  /// For a display-parts session: how the subscribers' snapshot reads (its day and language),
  /// and each group's header as last sent (`ViewPublisher+Display.swift`).
  var presentedWith: TaskPresenter? = nil
  var groupDisplays: [ListKey: [DisplayPart]] = [:]

  init(query: ViewQuery, version: Int = 1) {
    self.query = query
    self.version = version
  }
}

/// Subscriptions and the diffs pushed to them. It reads the replica's index and takes the
/// replica's updates (what changed), marks which views and lists they touched, and — outside
/// any transaction — diffs the touched lists of subscribed snapshots into `view/changed`
/// notifications, queued in the outbox after the reply of the request that caused them.
final class ViewPublisher {
  static let logbookLimit = 200

  let replica: Replica
  var trackers: [ViewQuery: ViewTracker] = [:]
  var subscriptions: [(id: Int, query: ViewQuery)] = []
  var nextSubscription = 1
  /// Views touched since their last publication.
  var dirtyViews: ViewKindSet = []
  /// The lists touched since the last publication, for patching subscribed snapshots.
  var dirtyLists: Set<ListKey> = []
  /// Views that changed wholesale (a new day) and are rebuilt, not patched.
  var rebuiltViews: ViewKindSet = []
  /// Whether an item of the structure (a project, heading or area) changed since the last
  /// publication: Anytime and Someday are then gathered whole, not list by list.
  var structureChanged = false
  /// Notifications waiting to be written, after the reply of the request that caused them.
  var outbox: [OutgoingJSON] = []
  /// The one change since the last publication, when there was exactly one: most gestures are
  /// one task's change, which `ViewDiff.singleChange` diffs without walking the list.
  var soleChange: TaskChange? = nil
  var changesSincePublication = 0

  /// Whether inserted tasks leave out their defaults (`initializationOptions.compactTasks`).
  var compactTasks = false
  /// Whether tasks and groups carry display parts (`initializationOptions.displayParts`), and
  /// in which language.
  var displayParts = false
  var language = Language.en
  var presenterCache: TaskPresenter? = nil
  /// Counts the changes to the structure's items (their titles name tasks' places).
  var placesVersion = 0

  init(replica: Replica) {
    self.replica = replica
    for view in ViewKind.allCases { trackers[ViewQuery(view: view)] = ViewTracker(query: ViewQuery(view: view)) }
  }

  var index: TaskIndex { replica.index }
  /// Told of every update taken from the replica (the reminders follow the tasks too).
  var absorbed: ((ReplicaUpdate) -> Void)? = nil

  // MARK: Marking

  /// Takes what changed in the replica and marks the views and lists it touched: no diffing.
  func absorbReplicaUpdate() {
    let update = replica.takeUpdate()
    absorbed?(update)
    if update.rebuilt { markRebuilt(ViewKind.allCases) }
    if update.completedTouched { dirtyViews.insert(.logbook) }
    changesSincePublication += update.changes.count
    soleChange = changesSincePublication == 1 ? update.changes.first ?? soleChange : nil
    markDirty(update.changes)
  }

  /// Notes which views and lists a list of changes touched: a date list (and `all`) when a
  /// task's visible fields, date-list place or rank changed; a quadrant when its visible fields,
  /// quadrant or matrix rank did; the logbook for completed tasks. A view whose content did not
  /// change keeps its version, so that a drop computed on it is not refused for nothing.
  func markDirty(_ changes: [TaskChange]) {
    let today = index.today
    for change in changes {
      let before = change.before
      let after = change.after
      let visible = !(before.flatMap { old in after.map { old.looksLike($0) } } ?? false)
      let beforeKey = before?.listKey(today: today)
      let afterKey = after?.listKey(today: today)
      let listMoved = visible || before?.rank != after?.rank || beforeKey != afterKey
      let quadrantMoved = visible || before?.matrixRank != after?.matrixRank || before?.quadrant != after?.quadrant
      let structural = before.map { $0.kind != .task } ?? false || after.map { $0.kind != .task } ?? false
      if structural {
        // A project's or an area's title names its tasks where they are listed (display parts):
        // every view is looked at again (lists unpatched; only the parts are compared).
        if before?.title != after?.title || before?.completed != after?.completed {
          placesVersion += 1
          if displayParts { dirtyViews.formUnion(ViewKind.allCases) }
        }
        structureChanged = true
      }
      let childrenMoved =
        visible || before?.parentRank != after?.parentRank || before?.childrenKey != after?.childrenKey
      // (Each side once, the list key found above: no array of the two made per change.)
      func mark(_ task: TaskRecord, _ listKey: ListKey?) {
        // The structure's views show the items of each parent: rebuilt when one of them changes.
        if childrenMoved, let key = task.childrenKey {
          dirtyViews.formUnion(Self.structureViews)
          dirtyLists.insert(key)
        }
        if task.kind != .task { return }
        if let key = listKey, let quadrant = task.quadrant {
          if listMoved {
            dirtyViews.insert(key.view)
            dirtyViews.insert(.all)
            dirtyLists.insert(key)
          }
          if quadrantMoved {
            dirtyViews.insert(.matrix)
            dirtyLists.insert(.quadrant(quadrant))
          }
        } else if listKey == nil, let quadrant = task.quadrant {
          // A task in a project with no date: in the matrix only ("anytime").
          if quadrantMoved {
            dirtyViews.insert(.matrix)
            dirtyLists.insert(.quadrant(quadrant))
          }
        } else if task.completed {
          dirtyViews.insert(.logbook)
        }
      }
      if let before { mark(before, beforeKey) }
      if let after { mark(after, afterKey) }
    }
  }

  static let structureViews: ViewKindSet = [.project, .area, .projects, .anytime, .someday, .all]

  /// Marks whole views as changed (a new day), to be rebuilt rather than patched.
  func markRebuilt(_ views: some Sequence<ViewKind>) {
    dirtyViews.formUnion(views)
    rebuiltViews.formUnion(views)
  }

  /// The logbook keeps its content even unsubscribed (at most 200 tasks), so that its version
  /// moves only when its content does: which tasks changed there cannot be told from the index,
  /// which holds open tasks only. The list-based views know it from the lists they mark.
  func keepsContent(_ tracker: ViewTracker) -> Bool {
    // (The view compared first: every publication asks this of each touched view.)
    tracker.query.view == .logbook && tracker.query == Self.logbookQuery
  }

  static let logbookQuery = ViewQuery(view: .logbook)

  /// Whether a view has changes not yet published (so its version may be about to move).
  func hasUnpublishedChanges(_ view: ViewKind) -> Bool {
    absorbReplicaUpdate()
    return dirtyViews.contains(view)
  }

  /// The published version of an unfiltered view: the one a drop is checked against.
  func version(of view: ViewKind) -> Int { trackers[ViewQuery(view: view)]!.version }

  /// The version a drop in `query` is checked against: its view's, filtered or sorted or not;
  /// for a project's or an area's view, that project's or area's while it is tracked (its
  /// subscriptions count the same).
  func version(of query: ViewQuery) -> Int {
    if query.target != nil, let tracker = trackers[ViewQuery(view: query.view, target: query.target)] {
      return tracker.version
    }
    return version(of: query.view)
  }

  // MARK: Publishing

  func snapshot(_ query: ViewQuery) -> ViewSnapshot {
    let logbook = query.view == .logbook ? replica.logbook(limit: Self.logbookLimit) : []
    return ViewSnapshot(query: query, index: index, logbook: logbook, words: replica.words)
  }

  /// Brings every touched query up to date. A subscribed query is diffed against its last
  /// snapshot: when its content changed (or the day did) it gets a new version and each of its
  /// subscriptions a `view/changed`, queued in subscription order. A query nobody is subscribed
  /// to only counts the change.
  func publish() {
    absorbReplicaUpdate()
    guard !dirtyViews.isEmpty else {
      structureChanged = false
      soleChange = nil
      changesSincePublication = 0
      return
    }
    var changed: [ViewQuery: ViewChangedNotification] = [:]
    var presentations: [ViewQuery: DiffPresentation] = [:]
    let presenter = self.presenter
    let sole = rebuiltViews.isEmpty ? soleChange : nil
    for tracker in trackers.values where dirtyViews.contains(tracker.query.view) {
      // The day the subscribers' snapshots were of (the tracker's, shared by them all).
      let previousDay = tracker.snapshot?.today
      if let change = sole, var patched = tracker.snapshot {
        // Patched in place: the tracker lets go of the snapshot first, so the arrays are not copied.
        tracker.snapshot = nil
        if let operations = ViewDiff.singleChange(
          change, in: &patched, query: tracker.query, index: index, touched: dirtyLists, words: replica.words)
        {
          tracker.snapshot = patched
          var operations = operations
          if let presenter, tracker.subscribers > 0 {
            presentations[tracker.query] = presentationOps(tracker, patched, &operations, presenter: presenter)
          }
          guard !operations.isEmpty else { continue }
          tracker.version += 1
          changed[tracker.query] = ViewChangedNotification(
            subscription: 0, view: tracker.query.view, from: tracker.version - 1, to: tracker.version,
            today: index.today, operations: operations)
          changed[tracker.query]?.newDay = previousDay != index.today
          continue
        }
        tracker.snapshot = patched
      }
      guard let old = tracker.snapshot else {
        if keepsContent(tracker) {
          tracker.snapshot = snapshot(tracker.query)
        } else {
          tracker.version += 1
        }
        continue
      }
      // List-based views patch the lists a change touched; the others are rebuilt whole.
      // (Anytime and Someday gather the touched lists again while the structure stays.)
      let view = tracker.query.view
      let rebuilt = rebuiltViews.contains(view)
      let patchable = view != .all && view != .logbook && !view.isStructure && !view.isGathered && !rebuilt
      let regathered = view.isGathered && !structureChanged && !rebuilt
      let new =
        patchable
        ? old.updating(dirtyLists, query: tracker.query, index: index, words: replica.words)
        : regathered
          ? old.regathering(dirtyLists, query: tracker.query, index: index, words: replica.words)
          : snapshot(tracker.query)
      var operations = ViewDiff.between(old, new, touched: patchable || regathered ? dirtyLists : nil)
      tracker.snapshot = new
      if let presenter, tracker.subscribers > 0 {
        presentations[tracker.query] = presentationOps(tracker, new, &operations, presenter: presenter)
      }
      // A new day is news even for a view whose lists stayed the same: its `today` moved.
      guard !operations.isEmpty || old.today != new.today else { continue }
      tracker.version += 1
      changed[tracker.query] = ViewChangedNotification(
        subscription: 0, view: tracker.query.view, from: tracker.version - 1, to: tracker.version,
        today: index.today, operations: operations)
      changed[tracker.query]?.newDay = previousDay != index.today
    }
    dirtyViews.removeAll()
    // (Its table kept: a freed one was grown again, key by key, by the next change's marks.)
    dirtyLists.removeAll(keepingCapacity: true)
    rebuiltViews.removeAll()
    structureChanged = false
    soleChange = nil
    changesSincePublication = 0
    for (id, query) in subscriptions {
      guard var notification = changed[query] else { continue }
      notification.subscription = id
      outbox.append(
        JSONRPC.Notification.outgoing(
          method: ViewChangedNotification.method,
          params: notification.params(compactTasks: compactTasks, presentation: presentations[query])))
    }
  }

  /// Takes the notifications queued so far.
  func takeOutbox() -> [OutgoingJSON] {
    defer { outbox.removeAll() }
    return outbox
  }

  // MARK: Queries

  func subscribe(_ query: ViewQuery) -> ViewSubscribeRequest.Response {
    publish()
    // A project's or an area's query tracked from now on goes on from the version `view/list`
    // said (its view's), never back: that one moves with every change to any project.
    let tracker = trackers[query] ?? ViewTracker(query: query, version: version(of: query))
    trackers[query] = tracker
    if tracker.snapshot == nil { tracker.snapshot = snapshot(query) }
    if tracker.subscribers == 0, let presenter { startPresenting(tracker, presenter: presenter) }
    tracker.subscribers += 1
    let id = nextSubscription
    nextSubscription += 1
    subscriptions.append((id, query))
    return ViewSubscribeRequest.Response(
      subscription: id,
      list: ViewListRequest.Response(snapshot: tracker.snapshot!, version: tracker.version, presenter: presenter))
  }

  func unsubscribe(_ id: Int) throws -> ViewUnsubscribeRequest.Response {
    guard let position = subscriptions.firstIndex(where: { $0.id == id }) else {
      throw RPCError.invalidParams("subscription", "is not an active subscription")
    }
    let query = subscriptions.remove(at: position).query
    if let tracker = trackers[query] {
      tracker.subscribers -= 1
      if tracker.subscribers == 0 {
        if !keepsContent(tracker) { tracker.snapshot = nil }
        if !query.isBase { trackers[query] = nil }
      }
    }
    return ViewUnsubscribeRequest.Response(unsubscribed: id)
  }

  /// A query's result for `view/list`, with its view's version: the one a drop is checked
  /// against, filtered or not.
  func list(_ query: ViewQuery) -> ViewListRequest.Response {
    publish()
    let content = trackers[query]?.snapshot ?? snapshot(query)
    if let tracker = trackers[query], tracker.snapshot == nil, keepsContent(tracker) { tracker.snapshot = content }
    return ViewListRequest.Response(snapshot: content, version: version(of: query), presenter: presenter)
  }
}
