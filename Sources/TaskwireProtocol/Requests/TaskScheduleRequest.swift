import JSON
import JSONRPC
import TaskwireCore

/// A date pick: `date` is "today", "tomorrow", a `YYYY-MM-DD` date, a phrase ("fri", "in 3
/// days"), or null for Inbox. The task lands at the end of its new list. Result: `TaskPlace`.
public enum TaskScheduleRequest: RequestType {
  public static let method = "task/schedule"
  public static let parameterNames: Set<String>? = ["id", "date", "version"]
  public typealias Response = TaskPlace

  public struct Params: Sendable {
    public var id: Int64
    /// Nil: Inbox.
    public var date: CalendarDate?
    /// The version of the view the task lands in, when the client knows it.
    public var version: Int?
  }

  public static func decode(_ json: JSONValue?, context: DecodingContext) throws(RPCError) -> Params {
    let reader = try reader(json)
    guard let date = try reader.nullableString("date") else {
      throw .invalidParams("date", "is required: a date, a phrase, or null for Inbox")
    }
    let id = try reader.id()
    let version = try reader.int("version", in: 0...Int.max)
    let day = try date.map { text throws(RPCError) in
      try RPCError.resolving { () throws(DomainError) in
        try TaskPatch.resolve(text, field: "date", today: context.today)
      }
    }
    return Params(id: id, date: day, version: version)
  }
}
