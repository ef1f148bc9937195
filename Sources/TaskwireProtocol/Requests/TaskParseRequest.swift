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
    try QuickAdd.checkLength(text, field: "text")
    let view = try reader.choice("view", ViewKind.self)
    if let view, ![.inbox, .today, .upcoming].contains(view) {
      throw .invalidParams("view", "must be inbox, today or upcoming: it picks the default date")
    }
    return Params(text: text, view: view)
  }

  public struct Response: TreeResponse {
    public var text: String
    public var parsed: QuickAdd
    public var view: ViewKind?
    /// The day it was read against (a reminder's date when the line names none).
    public var today: CalendarDate
    public init(text: String, parsed: QuickAdd, view: ViewKind?, today: CalendarDate) {
      self.text = text
      self.parsed = parsed
      self.view = view
      self.today = today
    }

    var spans: [JSONValue] {
      var offsets = SpanOffsets(text)
      return parsed.tokens.map { $0.json(in: text, offsets: &offsets) }
    }

    public var json: JSONValue {
      var fields = parsed.patch.json(today: today)
      if let view { fields["view"] = .string(view.rawValue) }
      return [
        "fields": .object(fields), "title": .string(parsed.title),
        "spans": .array(spans),
      ]
    }
  }
}

extension QuickAdd.Token {
  /// The token with its place in three units, so that any frontend can highlight it: UTF-16
  /// (JavaScript, Java, Qt, LSP), Unicode scalars (Python, Tk), UTF-8 bytes (Vim, Neovim, Emacs's
  /// byte positions).
  /// `offsets` walks the text once for all the tokens, in order: measuring each token from
  /// the start of the text made a line of many tokens cost the square of its length.
  func json(in text: String, offsets: inout SpanOffsets) -> JSONValue {
    let (utf16Start, scalarStart, byteStart) = offsets.advance(to: range.lowerBound)
    let (utf16End, scalarEnd, byteEnd) = offsets.advance(to: range.upperBound)
    return [
      "kind": .string(kind.rawValue), "value": .string(value), "start": .int(utf16Start), "end": .int(utf16End),
      "scalarStart": .int(scalarStart), "scalarEnd": .int(scalarEnd), "byteStart": .int(byteStart),
      "byteEnd": .int(byteEnd),
    ]
  }
}

extension TaskPatch {
  /// The patch as `task/create` params (dates as the resolved `YYYY-MM-DD`; a reminder at a time
  /// on the task's date, or `today`'s).
  public func json(today: CalendarDate) -> JSONObject {
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
    if let scheduledTime { object["scheduledTime"] = scheduledTime.map(JSONValue.string) ?? .null }
    if let dueTime { object["dueTime"] = dueTime.map(JSONValue.string) ?? .null }
    if !reminderTimes.isEmpty {
      let day = scheduledDate.flatMap { $0 }.flatMap(CalendarDate.init(iso:)) ?? today
      object["reminders"] = .array(reminderTimes.map { ["at": .string(WallMoment(day: day, time: $0).description)] })
    }
    if let evening { object["evening"] = .bool(evening) }
    if let recurrence { object["recurrence"] = recurrence.json }
    return object
  }
}

/// Positions in a text in three units at once, moved forward only: each step costs the length
/// of the text it passes.
struct SpanOffsets {
  let text: String
  var index: String.Index
  var utf16 = 0
  var scalars = 0
  var bytes = 0

  init(_ text: String) {
    self.text = text
    index = text.startIndex
  }

  /// The offsets of `target`, which is at or after the last one asked for.
  mutating func advance(to target: String.Index) -> (utf16: Int, scalars: Int, bytes: Int) {
    let passed = text.unicodeScalars[index..<target]
    for scalar in passed {
      utf16 += scalar.utf16.count
      bytes += scalar.utf8.count
    }
    scalars += passed.count
    index = target
    return (utf16, scalars, bytes)
  }
}

extension QuickAdd {
  /// The longest quick-add line read, in UTF-8 bytes: a title has no business being longer
  /// (notes hold long text), and refusing at once keeps one request from holding the server.
  public static let maxLength = 4096

  static func checkLength(_ text: String, field: String) throws(RPCError) {
    guard text.utf8.count <= maxLength else {
      throw .invalidParams(
        field,
        "is \(text.utf8.count) bytes long; a quick-add line is at most \(maxLength) bytes of UTF-8 (put long text in notes)"
      )
    }
  }

  /// Reads `text` as a quick-add line, refusing one that leaves no title.
  static func reading(_ text: String, field: String, today: CalendarDate) throws(RPCError) -> QuickAdd {
    try checkLength(text, field: field)
    let parsed = QuickAdd.parse(text, today: today)
    guard !parsed.title.isEmpty else {
      throw .invalidParams(
        field,
        "leaves no title once its tokens are read (\"\(text)\"); put the title in quotes or escape a token with \\")
    }
    return parsed
  }
}
