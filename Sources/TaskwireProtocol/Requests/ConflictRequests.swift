import JSON
import JSONRPC

/// Sync conflicts (Protocol/devices.md, "Lost values"): on a replica, each value that lost a
/// same-field conflict between devices, and each deletion that lost to an edit it had not seen.
/// Listing reads; restoring is a change like any other (one undo step, reaching every device);
/// dismissing is bookkeeping on this device. On a store that is no replica the list is empty.
public enum ConflictListRequest: RequestType {
  public static let method = "conflict/list"
  public typealias Params = NoParams

  public struct Entry: Sendable {
    public var id: String
    public var task: Int64
    public var uuid: String
    public var title: String
    public var field: String
    public var tag: String?
    public var kept: JSONValue
    public var lost: JSONValue
    public var keptBy: String
    public var lostBy: String

    public init(
      id: String, task: Int64, uuid: String, title: String, field: String, tag: String?, kept: JSONValue,
      lost: JSONValue, keptBy: String, lostBy: String
    ) {
      (self.id, self.task, self.uuid, self.title, self.field, self.tag) = (id, task, uuid, title, field, tag)
      (self.kept, self.lost, self.keptBy, self.lostBy) = (kept, lost, keptBy, lostBy)
    }
  }

  public struct Response: TreeResponse {
    public var conflicts: [Entry]
    public init(conflicts: [Entry]) { self.conflicts = conflicts }
    public var json: JSONValue {
      [
        "conflicts": .array(
          conflicts.map {
            [
              "id": .string($0.id), "task": .int64($0.task), "uuid": .string($0.uuid), "title": .string($0.title),
              "field": .string($0.field), "tag": $0.tag.map(JSONValue.string) ?? .null, "kept": $0.kept,
              "lost": $0.lost, "keptBy": .string($0.keptBy), "lostBy": .string($0.lostBy),
            ]
          })
      ]
    }
  }
}

/// Puts a lost value back (for a deletion that lost: deletes the task again), as one undo
/// step. Result: `{restored: id, task: id}`.
public enum ConflictRestoreRequest: RequestType {
  public static let method = "conflict/restore"
  public static let parameterNames: Set<String>? = ["id"]

  public struct Params: Sendable {
    public var id: String
  }

  public static func decode(_ json: JSONValue?, context: DecodingContext) throws(RPCError) -> Params {
    let reader = try reader(json)
    let id = try reader.requiredString("id")
    guard !id.isEmpty, id.utf8.count <= 200 else { throw reader.fail("id", "must be a conflict's id") }
    return Params(id: id)
  }

  public struct Response: TreeResponse {
    public var restored: String
    public var task: Int64
    public init(restored: String, task: Int64) {
      self.restored = restored
      self.task = task
    }
    public var json: JSONValue { ["restored": .string(restored), "task": .int64(task)] }
  }
}

/// Dismisses conflicts: they leave the list on this device (an unknown id is no error).
/// Result: `{dismissed}`, how many of them were open.
public enum ConflictDismissRequest: RequestType {
  public static let method = "conflict/dismiss"
  public static let parameterNames: Set<String>? = ["ids"]

  public struct Params: Sendable {
    public var ids: [String]
  }

  public static func decode(_ json: JSONValue?, context: DecodingContext) throws(RPCError) -> Params {
    let reader = try reader(json)
    guard let array = try reader.value("ids")?.arrayValue else {
      throw reader.fail("ids", reader.has("ids") ? "must be an array of conflict ids" : "is required")
    }
    guard array.count <= 10_000 else { throw reader.fail("ids", "must hold at most 10000 ids") }
    var ids: [String] = []
    for element in array {
      guard let id = element.stringValue, !id.isEmpty, id.utf8.count <= 200 else {
        throw reader.fail("ids", "must be an array of conflict ids (strings)")
      }
      ids.append(id)
    }
    return Params(ids: ids)
  }

  public struct Response: TreeResponse {
    public var dismissed: Int
    public init(dismissed: Int) { self.dismissed = dismissed }
    public var json: JSONValue { ["dismissed": .int(dismissed)] }
  }
}
