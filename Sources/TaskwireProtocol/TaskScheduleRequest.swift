import JSON
import JSONRPC

/// A date pick: `date` is "today", "tomorrow", a `YYYY-MM-DD` date, a phrase ("fri", "in 3
/// days"), or null for Inbox. The task lands at the end of its new list. Result: `TaskPlace`.
public enum TaskScheduleRequest {
  public static let method = "task/schedule"

  public struct Params: Sendable {
    public var id: Int64
    public var date: String?
    /// The version of the view the task lands in, when the client knows it.
    public var version: Int?
  }

  public static func params(_ json: JSONValue?) throws(RPCError) -> Params {
    let reader = try ParamReader(json, allowed: ["id", "date", "version"])
    guard let date = try reader.nullableString("date") else {
      throw .invalidParams("date", "is required: a date, a phrase, or null for Inbox")
    }
    return Params(id: try reader.id(), date: date, version: try reader.int("version", in: 0...Int.max))
  }
}
