import JSONRPC
import TaskwireCore
import TaskwireProtocol
import TaskwireStore

/// `task/batch`: several task changes as one action, one transaction and one undo step.
extension Server {
  static func registerBatch(_ methods: inout Dispatcher) {
    methods.on(TaskBatchRequest.self, .change) { server, items in try server.batch(items) }
  }

  /// Plans each request on the tasks as the requests before it left them (its own copy of the
  /// index, the ids it minted), commits all the changes as one step, and answers each request
  /// as it would be answered alone.
  func batch(_ items: [TaskBatchRequest.Item]) throws -> TaskBatchRequest.Response {
    for (position, item) in items.enumerated() {
      if case .move(let params) = item, params.version != nil { throw versionRefused(position) }
      if case .schedule(let params) = item, params.version != nil { throw versionRefused(position) }
    }
    var touched: [Int64] = []
    let committed = try commit { [self] replica, txn in
      var index = replica.index
      // The tasks this batch changed so far (nil: deleted by it).
      var latest: [Int64: TaskRecord?] = [:]
      var nextID = try txn.nextTaskID()
      var changes: [TaskChange] = []
      var labels: [String] = []
      touched = []
      var createdBy: [Int: Int64] = [:]
      var givenUUIDs: Set<ItemUUID> = []
      // An id as the request gives it: "@N" (an earlier create's task) is that task's id.
      func real(_ id: Int64) -> Int64 {
        TaskBatchRequest.referencedRequest(id).flatMap { createdBy[$0] } ?? id
      }
      // A parent named "@N": the task that create made.
      func resolved(_ patch: TaskPatch) -> TaskPatch {
        var patch = patch
        if case .some(.some(let parent)) = patch.parent { patch.parent = .some(real(parent)) }
        return patch
      }
      func task(_ given: Int64) throws -> TaskRecord {
        let id = real(given)
        if let known = latest[id] {
          guard let task = known else { throw DomainError.taskNotFound(id) }
          return task
        }
        return try index.tasks[id] ?? replica.task(id)
      }
      for (position, item) in items.enumerated() {
        // Let go of before the index changes (below): a planner still holding the index would
        // make each request's change copy the whole table of tasks (100k of them), so a batch
        // of 1000 creates cost seconds.
        var planner: TaskPlanner? = TaskPlanner(
          index: index, now: replica.timestamp, words: replica.words, deterministicUUIDs: replica.clock.isFixed,
          uuidSalt: replica.uuidSalt)
        let set: ChangeSet
        do {
          switch item {
          case .create(let params):
            set = try Server.minted(
              planner!.create(id: nextID, patch: resolved(params.patch), view: params.view), params.uuid,
              in: replica, taken: givenUUIDs)
            if let uuid = params.uuid { givenUUIDs.insert(uuid) }
            touched.append(nextID)
            createdBy[position] = nextID
          case .complete(let params):
            let completing = try task(params.id)
            set = try planner!.complete(
              completing, completed: params.completed, cancelled: params.cancelled, nextID: nextID,
              parentGone: completing.parentID.map { (try? task($0)) == nil } ?? false,
              uuidTaken: { uuid in
                // (The batch's own rows are written at its end: a next occurrence it made is
                // in `latest` only.)
                latest.values.contains { $0?.uuid == uuid } || (try? replica.storage.taskID(uuid: uuid)) != nil
              })
            touched.append(real(params.id))
          case .delete(let params):
            set = try planner!.delete(try task(params.id), children: params.children)
            touched.append(real(params.id))
          case .schedule(let params):
            set = try planner!.schedule(try task(params.id), to: params.date)
            touched.append(real(params.id))
          case .update(let params):
            set = try planner!.update(try task(params.id), patch: resolved(params.patch))
            touched.append(real(params.id))
          case .move(let params):
            var target = params.target
            if case .parent(let parent, let heading) = target {
              target = .parent(real(parent), heading: heading.map(real))
            }
            if case .parent(let project, let heading?) = target, (try? task(heading))?.parentID != project {
              throw RPCError.invalidParams("heading", "\(heading) is not a heading of project \(project)")
            }
            let moved = try task(params.id)
            if let someday = target.setsAside {
              set = try planner!.setAside(moved, someday: someday)
            } else {
              set = try planner!.move(moved, to: target.list(for: moved.kind), at: params.index)
            }
            touched.append(real(params.id))
          case .checklist(let params):
            try Server.checkLineUUID(params.action, in: replica)
            set = try planner!.checklist(try task(params.id), params.action, nextID: nextID)
            // (A line made a task is answered with the new task's place, as alone.)
            touched.append(set.changes.first { $0.before == nil }?.taskID ?? real(params.id))
          }
        } catch {
          throw rpcError(error).inBatch(at: position)
        }
        planner = nil
        index.apply(set.changes)
        for change in set.changes {
          latest[change.taskID] = .some(change.after)
          if change.before == nil, let created = change.after { nextID = max(nextID, created.id + 1) }
        }
        changes += set.changes
        if !set.changes.isEmpty { labels.append(set.label) }
      }
      return ChangeSet(label: replica.words.label(of: labels), changes: changes)
    }
    var results: [any ResponseType] = []
    for (item, id) in zip(items, touched) {
      switch item {
      case .delete: results.append(TaskDeleteRequest.Response(deleted: id))
      case .move(let params):
        let kind = try replica.task(id).kind
        let view =
          params.target.setsAside.map { $0 ? ViewKind.someday : .anytime } ?? params.target.list(for: kind).view
        var place = try self.place(of: id, in: view)
        place.message =
          setAsideMessage(params.target, place)
          ?? place.presenter?.moved(
            place.task.title, to: TaskPlace.named(place, picked: params.target.list, today: replica.today))
        results.append(place)
      case .schedule(let params):
        var place = try self.place(of: id)
        place.message = place.presenter?.moved(
          place.task.title, to: TaskPlace.named(place, picked: params.date.map(ListKey.day), today: replica.today))
        results.append(place)
      case .create:
        var place = try self.place(of: id)
        place.message = addedMessage(place)
        results.append(place)
      case .checklist:
        results.append(try self.place(of: id))
      case .complete, .update:
        // A task deleted later in the same batch has no place: it is answered as deleted.
        if let place = try? self.place(of: id) {
          results.append(place)
        } else {
          results.append(TaskDeleteRequest.Response(deleted: id))
        }
      }
    }
    return TaskBatchRequest.Response(label: committed.label, results: results)
  }

  private func versionRefused(_ position: Int) -> RPCError {
    RPCError.invalidParams(
      "requests[\(position)].params.version",
      "is not taken inside task/batch: the batch is planned on the tasks as they are when it commits"
    ).inBatch(at: position)
  }
}
