import JSON

/// A history step as the wire shows it: who did what, when, and whether it is undone.
public struct HistoryEntry: Sendable {
  public var id: Int64
  public var label: String
  public var client: String
  public var at: String
  public var undone: Bool

  public init(id: Int64, label: String, client: String, at: String, undone: Bool) {
    self.id = id
    self.label = label
    self.client = client
    self.at = at
    self.undone = undone
  }

  func json(withUndone: Bool) -> JSONValue {
    var object: JSONObject = [
      "id": .int64(id), "label": .string(label), "client": .string(client), "at": .string(at),
    ]
    if withUndone { object["undone"] = .bool(undone) }
    return .object(object)
  }
}

/// The result of an undo (`{"undone": step}`) or a redo (`{"redone": step}`).
public struct HistoryStepResponse: TreeResponse {
  public var step: HistoryEntry
  public var undo: Bool
  public init(step: HistoryEntry, undo: Bool) {
    self.step = step
    self.undo = undo
  }
  public var json: JSONValue { [undo ? "undone" : "redone": step.json(withUndone: false)] }
}
