import JSONRPC
import TaskwireCore
import TaskwireProtocol
import TaskwireStore

/// The task methods: each commits its change through the replica and says where the task is.
extension Server {
  static func registerTasks(_ methods: inout Dispatcher) {
    methods.on(TaskCreateRequest.self, .change) { server, params in
      let committed = try server.commit { replica, txn in
        try Server.minted(
          replica.planner.create(id: try txn.nextTaskID(), patch: params.patch, view: params.view), params.uuid,
          in: replica, taken: [])
      }
      var place = try server.place(of: committed.changes[0].taskID)
      place.message = server.addedMessage(place)
      return place
    }
    methods.on(TaskGetRequest.self, .read) { server, id in try server.place(of: id) }
    methods.on(TaskUpdateRequest.self, .change) { server, params in
      try server.commit { replica, _ in try replica.planner.update(try replica.task(params.id), patch: params.patch) }
      return try server.place(of: params.id)
    }
    methods.on(TaskDeleteRequest.self, .change) { server, params in
      try server.commit { replica, _ in
        try replica.planner.delete(try replica.task(params.id), children: params.children)
      }
      return TaskDeleteRequest.Response(deleted: params.id)
    }
    methods.on(TaskCompleteRequest.self, .change) { server, params in
      try server.commit { replica, txn in
        let task = try replica.task(params.id)
        return try replica.planner.complete(
          task, completed: params.completed, cancelled: params.cancelled, nextID: try txn.nextTaskID(),
          parentGone: task.parentID.map { (try? replica.task($0)) == nil } ?? false,
          uuidTaken: { (try? replica.storage.taskID(uuid: $0)) != nil })
      }
      var place = try server.place(of: params.id)
      // (A cancellation says so: the list it left is all a reply could name otherwise.)
      if place.presenter != nil, params.cancelled == true {
        place.message = server.replica.words.cancel(place.task.title)
      }
      return place
    }
    methods.on(TaskMoveRequest.self, .change) { server, params in
      if let someday = params.target.setsAside {
        try server.commit(checking: params.version, of: params.query) { replica, _ in
          try replica.planner.setAside(try replica.task(params.id), someday: someday)
        }
        // (A project taken to Anytime is where the sidebar has it: Anytime lists tasks.)
        let kind = try server.replica.task(params.id).kind
        let view: ViewKind = someday ? .someday : kind == .task ? .anytime : .projects
        var place = try server.place(of: params.id, in: view)
        place.message = server.setAsideMessage(params.target, place)
        return place
      }
      // (Among a parent's items, the list is the moved item's kind's: its tasks, headings, …)
      let target = params.target.list(for: try server.replica.task(params.id).kind)
      if case .parent(let project, let heading?) = params.target,
        server.replica.index.tasks[heading]?.parentID != project
      {
        throw RPCError.invalidParams("heading", "\(heading) is not a heading of project \(project)")
      }
      try server.commit(checking: params.version, of: params.query) { replica, _ in
        try replica.planner.move(try replica.task(params.id), to: target, at: params.index)
      }
      var place = try server.place(of: params.id, in: target.view)
      place.message = place.presenter?.moved(
        place.task.title, to: TaskPlace.named(place, picked: target, today: server.replica.today))
      return place
    }
    methods.on(TaskScheduleRequest.self, .change) { server, params in
      let today = server.replica.today
      let view = params.date.map { $0 <= today ? ViewKind.today : .upcoming } ?? .inbox
      try server.commit(checking: params.version, of: ViewQuery(view: view)) { replica, _ in
        try replica.planner.schedule(try replica.task(params.id), to: params.date)
      }
      var place = try server.place(of: params.id)
      place.message = place.presenter?.moved(
        place.task.title, to: TaskPlace.named(place, picked: params.date.map(ListKey.day), today: server.replica.today))
      return place
    }
    methods.on(TaskConvertRequest.self, .change) { server, params in
      try server.commit { replica, txn in
        try replica.planner.makeProject(try replica.task(params.id), nextID: try txn.nextTaskID())
      }
      var place = try server.place(of: params.id, in: .projects)
      if place.presenter != nil { place.message = server.replica.words.makeProject(place.task.title) }
      return place
    }
    methods.on(TaskChecklistRequest.self, .change) { server, params in
      let committed = try server.commit { replica, txn in
        try Server.checkLineUUID(params.action, in: replica)
        return try replica.planner.checklist(try replica.task(params.id), params.action, nextID: try txn.nextTaskID())
      }
      let made = committed.changes.first { $0.before == nil }?.taskID
      return try server.place(of: made ?? params.id)
    }
    methods.on(TaskScheduleOptionsRequest.self, .read) { server, id in
      let task = try server.replica.task(id)
      return TaskScheduleOptionsRequest.Response(
        id: task.id, menu: ScheduleOptions(for: task, today: server.replica.today, words: server.replica.words),
        presenter: server.publisher.presenter)
    }
  }

  /// Where a new task went (`task/create`'s `message`, display-parts sessions only): its list,
  /// its project, or Someday.
  func addedMessage(_ place: TaskPlace) -> String? {
    guard let presenter = place.presenter else { return nil }
    let words = replica.words
    if place.task.someday { return words.display.addedTo(place.task.title, words.someday) }
    return presenter.added(
      place.task.title, to: place.list, parentTitle: place.task.parentID.flatMap { replica.index.tasks[$0]?.title })
  }

  /// "Put 'X' on Someday" / "…on Anytime" for a drag onto them (display-parts sessions only).
  func setAsideMessage(_ target: TaskMoveRequest.Target, _ place: TaskPlace) -> String? {
    guard place.presenter != nil, let someday = target.setsAside else { return nil }
    let words = replica.words
    return someday ? words.putOnSomeday(place.task.title) : words.putOnAnytime(place.task.title)
  }

  /// Where a task is now, for a reply.
  func place(of id: Int64, in requested: ViewKind = .today) throws -> TaskPlace {
    let task = try replica.task(id)
    // A task on Someday is where Someday shows it.
    let view = requested == .today && task.someday && !task.completed ? .someday : requested
    // An item in no date list (a project, a task with no date in one) is where the structure has it.
    let placeView =
      view == .today && task.listKey(today: replica.today) == nil && task.childrenKey != nil ? .project : view
    if view.isGathered {
      let position = ViewSnapshot.gatheredPlace(of: task, in: view, index: replica.index)
      var place = TaskPlace(task: task, list: position?.0, index: position?.1, presenter: publisher.presenter)
      place.view = position == nil ? nil : view
      return place
    }
    let position = replica.index.position(of: id, in: placeView)
    return TaskPlace(task: task, list: position?.list, index: position?.index, presenter: publisher.presenter)
  }

  /// Thrown inside a transaction when a version check needs changes published first.
  private struct PublishFirst: Error {}

  /// Commits a user action. With a `version`, the action was computed on that version of
  /// `view` and is refused (`-32801`) when the view has moved on. The version to compare with
  /// is the published one: when the transaction's catch-up found changes to the view that are
  /// not published yet, the transaction is rolled back, they are published (diffs are never
  /// computed inside a transaction), and the action is tried again.
  @discardableResult
  func commit(
    checking version: Int? = nil, of query: ViewQuery = ViewQuery(view: .today),
    _ plan: @escaping (Replica, any StorageTransaction) throws -> ChangeSet
  ) throws -> Replica.Committed {
    var attempts = 0
    while true {
      attempts += 1
      do {
        return try replica.commit(
          .action { [publisher] replica, txn in
            if let version {
              if attempts < 4, publisher.hasUnpublishedChanges(query.view) { throw PublishFirst() }
              let current = publisher.version(of: query)
              if version != current {
                throw DomainError.contentModified(view: query.view, expected: version, current: current)
              }
            }
            return try plan(replica, txn)
          })
      } catch is PublishFirst {
        publisher.publish()
      }
    }
  }
}

extension Server {
  /// Quick add without storing: what a line means, read against today.
  static func registerParse(_ methods: inout Dispatcher) {
    methods.on(TaskParseRequest.self, .lifecycle) { server, params in
      let today = server.currentDay
      return TaskParseRequest.Response(
        text: params.text, parsed: QuickAdd.parse(params.text, today: today), view: params.view, today: today)
    }
  }
}

extension Server {
  /// A line's uuid is an item's when it becomes a task: a line added with a client's uuid, or
  /// made a task, is refused when an item of the store has that uuid already.
  static func checkLineUUID(_ action: ChecklistAction, in replica: Replica) throws {
    switch action {
    case .add(_, _, _, let uuid?):
      if let existing = try replica.storage.taskID(uuid: uuid) {
        throw RPCError.invalidParams("uuid", "is item \(existing)'s already")
      }
    case .toTask(let item):
      if let existing = try replica.storage.taskID(uuid: item) {
        throw RPCError.invalidParams(
          "item", "its uuid is item \(existing)'s already (a line and an item cannot share one)")
      }
    default: break
    }
  }

  /// A created item with the uuid its client gave, refused when an item of the store or an
  /// earlier create of the same batch (`taken`) has it.
  static func minted(_ set: ChangeSet, _ uuid: ItemUUID?, in replica: Replica, taken: Set<ItemUUID>) throws
    -> ChangeSet
  {
    guard let uuid, var created = set.changes.first?.after else { return set }
    if taken.contains(uuid) { throw RPCError.invalidParams("uuid", "is given twice in this batch") }
    if let existing = try replica.storage.taskID(uuid: uuid) {
      throw RPCError.invalidParams("uuid", "is item \(existing)'s already")
    }
    var set = set
    created.uuid = uuid
    set.changes[0].after = created
    return set
  }

  /// Today by the clock, without loading the tasks (quick add reads no store).
  var currentDay: CalendarDate { replica.dayClock.day(of: replica.clock.now) }
}

extension TaskPlace {
  /// The list a change's message names: the day a person picked (a date pick, a drag onto a
  /// day) even when a deadline keeps the task in Today; else where the task is.
  static func named(_ place: TaskPlace, picked: ListKey?, today: CalendarDate) -> ListKey? {
    if case .day(let date)? = picked, date > today, place.task.scheduledDate == date { return picked }
    return place.list
  }
}
