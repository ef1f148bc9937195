import Foundation
import JSON
import JSONRPC
import TaskwireCore

/// Test-only: moves the fixed clock. Offered only when the server was started with `--clock`.
/// Result: `{now, today}`.
public enum SetClockRequest: RequestType {
  public static let method = "test/setClock"
  public static let parameterNames: Set<String>? = ["now"]

  public static func decode(_ json: JSONValue?, context: DecodingContext) throws(RPCError) -> String {
    try reader(json).requiredString("now")
  }

  public struct Response: TreeResponse {
    public var now: String
    public var today: CalendarDate
    public init(now: String, today: CalendarDate) {
      self.now = now
      self.today = today
    }
    public var json: JSONValue { ["now": .string(now), "today": .string(today.description)] }
  }
}
