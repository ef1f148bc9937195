import JSON
import JSONRPC

/// Recent steps, newest first. Result: `{ steps, canUndo, canRedo }`.
public enum HistoryListRequest: RequestType {
  public static let method = "history/list"
  public static let parameterNames: Set<String>? = ["limit"]

  public static func decode(_ json: JSONValue?, context: DecodingContext) throws(RPCError) -> Int {
    try reader(json).int("limit", in: 1...1000) ?? 20
  }

  public struct Response: TreeResponse {
    public var steps: [HistoryEntry]
    public var canUndo: Bool
    public var canRedo: Bool
    public init(steps: [HistoryEntry], canUndo: Bool, canRedo: Bool) {
      self.steps = steps
      self.canUndo = canUndo
      self.canRedo = canRedo
    }
    public var json: JSONValue {
      [
        "steps": .array(steps.map { $0.json(withUndone: true) }), "canUndo": .bool(canUndo),
        "canRedo": .bool(canRedo),
      ]
    }
  }
}
