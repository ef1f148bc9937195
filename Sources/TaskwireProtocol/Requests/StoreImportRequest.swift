import JSON
import JSONRPC

/// Imports a file (`path`, read by the server) or a document sent inline (`document`, the
/// parsed JSON of an export), in taskwire's format or Taskwarrior's (`format`, else told from
/// the document), as one undo step. Result: the import's report (see Protocol/README.md,
/// *Import and export*).
public enum StoreImportRequest: RequestType {
  public static let method = "store/import"
  public static let parameterNames: Set<String>? = ["format", "path", "document"]

  public struct Params: Sendable {
    public enum Source: Sendable {
      case path(String)
      case document(JSONValue)
    }
    public var format: String?
    public var source: Source
  }

  public static func decode(_ json: JSONValue?, context: DecodingContext) throws(RPCError) -> Params {
    let params = try reader(json)
    let format = try params.string("format")
    if let format, !["taskwire", "taskwarrior"].contains(format) {
      throw .invalidParams("format", "must be taskwire or taskwarrior")
    }
    let path = try params.string("path")
    let document = params.object["document"]
    switch (path, document) {
    case (let path?, nil): return Params(format: format, source: .path(path))
    case (nil, let document?): return Params(format: format, source: .document(document))
    case (nil, nil): throw .invalidParams("path", "is required (or document)")
    default: throw .invalidParams("document", "cannot be given with path")
    }
  }

  public struct Response: ResponseType {
    public var json: JSONValue
    public init(report: JSONValue) { json = report }
  }
}
