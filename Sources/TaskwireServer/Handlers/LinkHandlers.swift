import JSONRPC
import TaskwireCore
import TaskwireProtocol
import TaskwireStore

/// Links between tasks and records elsewhere (`LinkRequests.swift`): the store's
/// `external_ids` rows under a source of the client's naming, written in one transaction each.
extension Server {
  static func registerLinks(_ methods: inout Dispatcher) {
    methods.on(LinkSetRequest.self, .read) { server, params in
      try server.replica.storage.write { txn in
        // Checked inside the transaction: a task another process deleted meanwhile is refused.
        for link in params.links where try server.replica.storage.task(id: link.id) == nil {
          throw DomainError.taskNotFound(link.id)
        }
        try txn.setLinks(
          source: params.source, params.links.map { ExternalLink(key: $0.key, taskID: $0.id, version: $0.version) })
      }
      return LinkSetRequest.Response(count: params.links.count)
    }
    methods.on(LinkRemoveRequest.self, .read) { server, params in
      let removed = try server.replica.storage.write { txn in
        try txn.removeExternalIDs(source: params.source, keys: params.keys)
      }
      return LinkRemoveRequest.Response(removed: removed)
    }
    methods.on(LinkListRequest.self, .read) { server, source in
      let storage = server.replica.storage
      let links = try storage.links(source: source).map { link in
        (
          key: link.key, id: link.taskID, uuid: try storage.task(id: link.taskID)?.uuid.description,
          version: link.version
        )
      }
      return LinkListRequest.Response(links: links)
    }
  }
}
