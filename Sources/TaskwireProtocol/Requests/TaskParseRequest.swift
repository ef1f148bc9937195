import JSON
import JSONRPC
import TaskwireCore

/// Quick add without storing: what a line of text means. Result: `{fields, title, spans}`:
/// `fields` in exactly the shape `task/create` takes, the `title` that remains, and each
/// recognised token's place (`start`/`end` in UTF-16 code units, `scalarStart`/`scalarEnd` in
/// Unicode scalars, `byteStart`/`byteEnd` in UTF-8 bytes), its `kind` and its `value`.
public enum TaskParseRequest: RequestType {
  public static let method = "task/parse"
  public static let parameterNames: Set<String>? = ["text", "view"]

  public struct Params: Sendable {
    public var text: String
    public var view: ViewKind?
  }

  public static func decode(_ json: JSONValue?, context: DecodingContext) throws(RPCError) -> Params {
    let reader = try reader(json)
    let text = try reader.requiredString("text")
    let view = try reader.choice("view", ViewKind.self)
    if let view, ![.inbox, .today, .upcoming].contains(view) {
      throw .invalidParams("view", "must be inbox, today or upcoming: it picks the default date")
    }
    return Params(text: text, view: view)
  }

  public struct Response: ResponseType {
    public var text: String
    public var parsed: QuickAdd
    public var view: ViewKind?
    public init(text: String, parsed: QuickAdd, view: ViewKind?) {
      self.text = text
      self.parsed = parsed
      self.view = view
    }

    public var json: JSONValue {
      var fields = parsed.patch.json
      if let view { fields["view"] = .string(view.rawValue) }
      return [
        "fields": .object(fields), "title": .string(parsed.title),
        "spans": .array(parsed.tokens.map { $0.json(in: text) }),
      ]
    }
  }
}

extension QuickAdd.Token {
  /// The token with its place in three units, so that any frontend can highlight it: UTF-16
  /// (JavaScript, Java, Qt, LSP), Unicode scalars (Python, Tk), UTF-8 bytes (Vim, Neovim, Emacs's
  /// byte positions).
  func json(in text: String) -> JSONValue {
    let utf16Start = text.utf16.distance(from: text.startIndex, to: range.lowerBound)
    let utf16End = utf16Start + text.utf16.distance(from: range.lowerBound, to: range.upperBound)
    let scalarStart = text.unicodeScalars.distance(from: text.startIndex, to: range.lowerBound)
    let scalarEnd = scalarStart + text.unicodeScalars.distance(from: range.lowerBound, to: range.upperBound)
    let byteStart = text.utf8.distance(from: text.startIndex, to: range.lowerBound)
    let byteEnd = byteStart + text.utf8.distance(from: range.lowerBound, to: range.upperBound)
    return [
      "kind": .string(kind.rawValue), "value": .string(value), "start": .int(utf16Start), "end": .int(utf16End),
      "scalarStart": .int(scalarStart), "scalarEnd": .int(scalarEnd), "byteStart": .int(byteStart),
      "byteEnd": .int(byteEnd),
    ]
  }
}

extension TaskPatch {
  /// The patch as `task/create` params (dates as the resolved `YYYY-MM-DD`).
  public var json: JSONObject {
    var object = JSONObject()
    if let title { object["title"] = .string(title) }
    if let notes { object["notes"] = notes.map(JSONValue.string) ?? .null }
    if let tags { object["tags"] = .array(tags.map(JSONValue.string)) }
    if let priority { object["priority"] = .int(priority) }
    if let urgent { object["urgent"] = .bool(urgent) }
    if let durationMinutes { object["durationMinutes"] = .int(durationMinutes) }
    if let type { object["type"] = .string(type) }
    if let scheduledDate { object["scheduledDate"] = scheduledDate.map(JSONValue.string) ?? .null }
    if let dueDate { object["dueDate"] = dueDate.map(JSONValue.string) ?? .null }
    if let recurrence { object["recurrence"] = recurrence.json }
    return object
  }
}

extension QuickAdd {
  /// Reads `text` as a quick-add line, refusing one that leaves no title.
  static func reading(_ text: String, field: String, today: CalendarDate) throws(RPCError) -> QuickAdd {
    let parsed = QuickAdd.parse(text, today: today)
    guard !parsed.title.isEmpty else {
      throw .invalidParams(field, "leaves no title once its tokens are read (\"\(text)\"); put the title in quotes or escape a token with \\")
    }
    return parsed
  }
}
