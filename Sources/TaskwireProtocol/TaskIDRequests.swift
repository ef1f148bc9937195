import JSON
import JSONRPC

/// The requests whose only parameter is a task's `id`.
public enum TaskGetRequest {
  public static let method = "task/get"
  public static func params(_ json: JSONValue?) throws(RPCError) -> Int64 {
    try ParamReader(json, allowed: ["id"]).id()
  }
}

/// Deletes a task for good (undo brings it back). Result: `{ "deleted": id }`.
public enum TaskDeleteRequest {
  public static let method = "task/delete"
  public static func params(_ json: JSONValue?) throws(RPCError) -> Int64 {
    try ParamReader(json, allowed: ["id"]).id()
  }
}

/// The long-press menu for a task. Result: `{ options, picker }`.
public enum TaskScheduleOptionsRequest {
  public static let method = "task/scheduleOptions"
  public static func params(_ json: JSONValue?) throws(RPCError) -> Int64 {
    try ParamReader(json, allowed: ["id"]).id()
  }
}
