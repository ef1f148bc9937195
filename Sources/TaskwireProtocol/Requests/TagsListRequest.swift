import JSON

/// The tags of open tasks with how many use each, by name, and the open projects in the
/// sidebar's order with their area and how many open tasks each holds (under its headings too):
/// what a filter menu or a completion offers. Result: `{ tags: [{tag, count}], projects: [{id,
/// title, area, count}] }` (`area` null for a project in none).
public enum TagsListRequest: RequestType {
  public static let method = "tags/list"
  public typealias Params = NoParams

  public struct Response: TreeResponse {
    public var tags: [(tag: String, count: Int)]
    public var projects: [(id: Int64, title: String, area: Int64?, count: Int)]
    public init(
      tags: [(tag: String, count: Int)], projects: [(id: Int64, title: String, area: Int64?, count: Int)] = []
    ) {
      self.tags = tags
      self.projects = projects
    }
    public var json: JSONValue {
      [
        "tags": .array(tags.map { ["tag": .string($0.tag), "count": .int($0.count)] }),
        "projects": .array(
          projects.map {
            [
              "id": .int64($0.id), "title": .string($0.title), "area": $0.area.map(JSONValue.int64) ?? .null,
              "count": .int($0.count),
            ]
          }),
      ]
    }
  }
}
