import JSON
import JSONRPC
import TaskwireCore

/// Several task changes as one action and one undo step (`tw done 8 9 12`, a CalDAV sync): each
/// request is planned on the tasks as the ones before it left them (a later request names a
/// task an earlier one creates as `"id": "@N"`, N the create's position), and all are committed
/// together or none is. Result: `{ label, results: [the reply each method gives alone] }`.
public enum TaskBatchRequest: RequestType {
  public static let method = "task/batch"
  public static let parameterNames: Set<String>? = ["requests"]
  /// A person's command names a handful of tasks; a script's, a page of them.
  public static let maxRequests = 1000

  public enum Item: Sendable {
    case create(TaskCreateRequest.Params)
    case complete(TaskCompleteRequest.Params)
    case delete(TaskDeleteRequest.Params)
    case schedule(TaskScheduleRequest.Params)
    case update(TaskUpdateRequest.Params)
    case move(TaskMoveRequest.Params)
    /// A checklist gesture (a CalDAV sync's ticked, added or renamed lines go with its tasks).
    case checklist(TaskChecklistRequest.Params)
  }

  public static let methods = [
    TaskCreateRequest.method, TaskCompleteRequest.method, TaskDeleteRequest.method, TaskScheduleRequest.method,
    TaskUpdateRequest.method,
    TaskMoveRequest.method, TaskChecklistRequest.method,
  ]

  public static func decode(_ json: JSONValue?, context: DecodingContext) throws(RPCError) -> [Item] {
    let reader = try reader(json)
    guard let list = reader.object["requests"]?.arrayValue else {
      throw .invalidParams("requests", "is required: an array of {method, params}")
    }
    guard !list.isEmpty, list.count <= maxRequests else {
      throw .invalidParams("requests", "must hold 1 to \(maxRequests) requests, got \(list.count)")
    }
    var items: [Item] = []
    items.reserveCapacity(list.count)
    for (position, entry) in list.enumerated() {
      let name = "requests[\(position)]"
      let request = try ParamReader(entry, allowed: ["method", "params"], prefix: name + ".")
      let method = try request.requiredString("method")
      var params = request.object["params"]
      // `"id": "@2"`: the task request 2 of this batch creates (its id is known only then); so
      // too a parent (`parent`, a move's `project`, `heading`, `area`): a project made in the
      // batch takes the batch's tasks.
      if case .object(var object)? = params {
        for key in ["id", "parent", "project", "heading", "area"] {
          guard let text = object[key]?.stringValue else { continue }
          guard text.hasPrefix("@"), let earlier = Int(text.dropFirst()), earlier >= 0, earlier < position,
            list[earlier]["method"]?.stringValue == TaskCreateRequest.method
          else {
            throw .invalidParams(
              name + ".params." + key,
              key == "id"
                ? "must be a task id, or @N naming an earlier task/create of this batch"
                : "must be an id, or @N naming an earlier task/create of this batch")
          }
          object[key] = .int64(reference(to: earlier))
        }
        params = .object(object)
      }
      do throws(RPCError) {
        switch method {
        case TaskCreateRequest.method: items.append(.create(try TaskCreateRequest.decode(params, context: context)))
        case TaskCompleteRequest.method:
          items.append(.complete(try TaskCompleteRequest.decode(params, context: context)))
        case TaskDeleteRequest.method: items.append(.delete(try TaskDeleteRequest.decode(params, context: context)))
        case TaskScheduleRequest.method:
          items.append(.schedule(try TaskScheduleRequest.decode(params, context: context)))
        case TaskUpdateRequest.method: items.append(.update(try TaskUpdateRequest.decode(params, context: context)))
        case TaskMoveRequest.method: items.append(.move(try TaskMoveRequest.decode(params, context: context)))
        case TaskChecklistRequest.method:
          items.append(.checklist(try TaskChecklistRequest.decode(params, context: context)))
        default:
          throw .invalidParams(name + ".method", "must be one of \(methods.joined(separator: ", ")), got \"\(method)\"")
        }
      } catch {
        throw error.inBatch(at: position)
      }
    }
    return items
  }

  /// The id a request names an earlier create by, until the batch is planned (never a real id:
  /// ids count up from 1).
  public static func reference(to request: Int) -> Int64 { Int64.max - Int64(request) }

  /// The request an id refers to, when it is such a reference.
  public static func referencedRequest(_ id: Int64) -> Int? {
    id > Int64.max - Int64(maxRequests) ? Int(Int64.max - id) : nil
  }

  public struct Response: ResponseType {
    public var label: String
    public var results: [any ResponseType]
    public init(label: String, results: [any ResponseType]) {
      self.label = label
      self.results = results
    }

    public var output: OutgoingJSON {
      .object([("label", .value(.string(label))), ("results", .array(results.map(\.output)))])
    }
  }
}

extension RPCError {
  /// The error of a batch's request: its parameter named within the batch
  /// (`requests[2].params.id`) and its position in `data.request`.
  public func inBatch(at position: Int) -> RPCError {
    var copy = self
    let data = self.data?.objectValue ?? JSONObject()
    if code == RPCError.invalidParamsCode, let param = data["param"]?.stringValue, !param.hasPrefix("requests["),
      let problem = data["problem"]?.stringValue
    {
      copy = .invalidParams("requests[\(position)].params.\(param)", problem)
    }
    var withPosition = copy.data?.objectValue ?? JSONObject()
    withPosition["request"] = .int(position)
    copy.data = .object(withPosition)
    return copy
  }
}
