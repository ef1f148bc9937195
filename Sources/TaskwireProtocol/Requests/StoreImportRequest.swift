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

  /// The import's report: the counts, and what could not be taken over as it was (each tally
  /// sorted by its name, with a few examples).
  public struct Response: TreeResponse, Equatable {
    public struct Tally: Sendable, Equatable {
      public var name: String
      public var count: Int
      public var examples: [String]
      public init(name: String, count: Int, examples: [String]) {
        self.name = name
        self.count = count
        self.examples = examples
      }
    }

    public var format: String
    public var read: Int
    public var created: Int
    public var updated: Int
    public var unchanged: Int
    /// Records not imported, by reason.
    public var skipped: [Tally]
    /// Fields not taken over as they were, by what happened to them.
    public var unmapped: [Tally]
    /// The undo step's label; nil when the import changed nothing.
    public var step: String?

    public init(
      format: String, read: Int, created: Int, updated: Int, unchanged: Int, skipped: [Tally], unmapped: [Tally],
      step: String?
    ) {
      self.format = format
      self.read = read
      self.created = created
      self.updated = updated
      self.unchanged = unchanged
      self.skipped = skipped
      self.unmapped = unmapped
      self.step = step
    }

    public var json: JSONValue {
      func list(_ tallies: [Tally], _ key: String) -> JSONValue {
        .array(
          tallies.map {
            [key: .string($0.name), "count": .int($0.count), "examples": .array($0.examples.map(JSONValue.string))]
          })
      }
      return [
        "format": .string(format), "read": .int(read), "created": .int(created), "updated": .int(updated),
        "unchanged": .int(unchanged), "skipped": list(skipped, "reason"), "unmapped": list(unmapped, "field"),
        "step": step.map(JSONValue.string) ?? .null,
      ]
    }
  }
}
