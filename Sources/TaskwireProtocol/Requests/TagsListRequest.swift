import JSON

/// The tags of open tasks with how many use each, by name. Result: `{ tags: [{tag, count}] }`.
public enum TagsListRequest: RequestType {
  public static let method = "tags/list"
  public typealias Params = NoParams

  public struct Response: TreeResponse {
    public var tags: [(tag: String, count: Int)]
    public init(tags: [(tag: String, count: Int)]) { self.tags = tags }
    public var json: JSONValue {
      ["tags": .array(tags.map { ["tag": .string($0.tag), "count": .int($0.count)] })]
    }
  }
}
