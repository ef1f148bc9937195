import JSON
import JSONRPC
import TaskwireCore

/// Makes a task a project (Things' "Convert to Project"): `{"id", "to": "project"}`. The task
/// keeps its id and uuid and goes to its area's projects; its checklist's lines become the
/// project's tasks. One undo step. (A checklist line becomes a task with `task/checklist`'s
/// `toTask`.) Result: `TaskPlace`, in the `projects` view.
public enum TaskConvertRequest: RequestType {
  public static let method = "task/convert"
  public static let parameterNames: Set<String>? = ["id", "to"]
  public typealias Response = TaskPlace

  public struct Params: Sendable {
    public var id: Int64
  }

  public static func decode(_ json: JSONValue?, context: DecodingContext) throws(RPCError) -> Params {
    let reader = try reader(json)
    let to = try reader.require("to", try reader.string("to"))
    guard to == ItemKind.project.rawValue else {
      throw .invalidParams("to", "must be \"project\": a task is made a project")
    }
    return Params(id: try reader.id())
  }
}
