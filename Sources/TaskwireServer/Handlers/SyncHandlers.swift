import TaskwireCore
import TaskwireProtocol

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
  }
}
