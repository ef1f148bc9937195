import JSON

/// Where a device stands with the shared store (Protocol/devices.md, "The agent"): read-only.
/// On a store that is no replica: `{replica: false}`. On a replica: its device, whether a
/// shared store is named, whether this process syncs the file (one process per file does) and
/// is connected, how many changes wait to be sent, the log position it has merged, when it last
/// heard from the log (the server's clock) and why it is offline, if it is.
public enum SyncStatusRequest: RequestType {
  public static let method = "sync/status"
  public typealias Params = NoParams

  public struct Response: TreeResponse {
    public var replica: Bool
    public var device: String? = nil
    public var shared = false
    public var syncing = false
    public var online = false
    public var unsent = 0
    public var seen: Int64 = 0
    public var lastSync: String? = nil
    public var problem: String? = nil

    public init(replica: Bool) { self.replica = replica }

    public var json: JSONValue {
      guard replica, let device else { return ["replica": false] }
      return [
        "replica": true, "device": .string(device), "shared": .bool(shared), "syncing": .bool(syncing),
        "online": .bool(online), "unsent": .int(unsent), "seen": .int64(seen),
        "lastSync": lastSync.map(JSONValue.string) ?? .null, "problem": problem.map(JSONValue.string) ?? .null,
      ]
    }
  }
}
