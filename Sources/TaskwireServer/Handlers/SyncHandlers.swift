import TaskwireCore
import TaskwireProtocol
import TaskwireStore

/// `sync/status`: where this device stands with the shared store (Protocol/devices.md).
extension Server {
  static func registerSync(_ methods: inout Dispatcher) {
    methods.on(SyncStatusRequest.self, .read) { server, _ in
      guard let sync = server.sync else { return SyncStatusRequest.Response(replica: false) }
      var response = SyncStatusRequest.Response(replica: true)
      response.device = sync.device.description
      if let link = server.syncLink {
        let status = try link.status()
        response.shared = true
        response.syncing = status.syncing
        response.online = status.online
        response.unsent = status.unsent
        response.seen = status.seen
        response.lastSync = status.lastSync.map(DayClock.timestamp)
        response.problem = status.problem
      } else {
        response.unsent = try sync.outgoing().count
        response.seen = try sync.fileSeen()
      }
      return response
    }
    methods.on(ConflictListRequest.self, .read) { server, _ in
      guard let sync = server.sync else { return ConflictListRequest.Response(conflicts: []) }
      let replica = server.replica
      let entries = try sync.conflicts().compactMap { conflict -> ConflictListRequest.Entry? in
        guard let id = try replica.storage.taskID(uuid: conflict.item),
          let task = try replica.index.tasks[id] ?? replica.storage.task(id: id)
        else { return nil }
        return ConflictListRequest.Entry(
          id: conflict.id, task: id, uuid: conflict.item.description, title: task.title, field: conflict.field,
          tag: conflict.tag, kept: conflict.kept, lost: conflict.lost, keptBy: conflict.keptBy.description,
          lostBy: conflict.lostBy.description)
      }
      return ConflictListRequest.Response(conflicts: entries)
    }
    methods.on(ConflictRestoreRequest.self, .change) { server, params in
      guard let sync = server.sync, let conflict = try sync.conflicts().first(where: { $0.id == params.id }),
        let id = try server.replica.storage.taskID(uuid: conflict.item)
      else { throw DomainError.invalidField("id", "is not an open conflict of this replica (see conflict/list)") }
      try server.commit { replica, _ in
        let task = try replica.task(id)
        guard let restored = sync.restored(conflict, in: task) else {
          return try replica.planner.delete(task, children: nil)
        }
        var after = restored
        after.updatedAt = replica.timestamp
        return ChangeSet(label: replica.words.update(task.title), changes: [TaskChange(before: task, after: after)])
      }
      return ConflictRestoreRequest.Response(restored: params.id, task: id)
    }
    methods.on(ConflictDismissRequest.self, .change) { server, params in
      guard let sync = server.sync else { return ConflictDismissRequest.Response(dismissed: 0) }
      return ConflictDismissRequest.Response(dismissed: try sync.dismiss(params.ids))
    }
  }
}
