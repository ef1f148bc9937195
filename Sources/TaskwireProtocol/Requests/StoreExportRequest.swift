import JSON
import JSONRPC

/// Exports the store in taskwire's format (the default) or Taskwarrior's: into a file the
/// server writes (`path`, written as it is read, whatever its size), or inline in the reply.
/// Open tasks only, unless `completed` is true. Result: `{format, count, path}` or
/// `{format, count, document}`.
public enum StoreExportRequest: RequestType {
  public static let method = "store/export"
  public static let parameterNames: Set<String>? = ["format", "completed", "path"]

  public struct Params: Sendable {
    public var format: String
    public var completed: Bool
    public var path: String?
  }

  public static func decode(_ json: JSONValue?, context: DecodingContext) throws(RPCError) -> Params {
    let params = try reader(json)
    let format = try params.string("format") ?? "taskwire"
    guard ["taskwire", "taskwarrior"].contains(format) else {
      throw .invalidParams("format", "must be taskwire or taskwarrior")
    }
    return Params(format: format, completed: try params.bool("completed") ?? false, path: try params.string("path"))
  }

  public struct Response: ResponseType {
    public var output: OutgoingJSON
    /// `document`: the export's JSON text, sent as it is.
    public init(format: String, count: Int, path: String?, document: RawJSON?) {
      var members: [(key: String, value: OutgoingJSON)] = [
        ("format", .value(.string(format))), ("count", .value(.int(count))),
      ]
      if let path { members.append(("path", .value(.string(path)))) }
      if let document { members.append(("document", .raw(document))) }
      output = .object(members)
    }
  }
}
