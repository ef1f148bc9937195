import JSON
import TaskwireCore

extension DisplayPart.Kind {
  /// `{"kind":"…","text":` for this kind.
  var opening: StaticString {
    switch self {
    case .time: #"{"kind":"time","text":"#
    case .project: #"{"kind":"project","text":"#
    case .priority: #"{"kind":"priority","text":"#
    case .urgent: #"{"kind":"urgent","text":"#
    case .tags: #"{"kind":"tags","text":"#
    case .type: #"{"kind":"type","text":"#
    case .duration: #"{"kind":"duration","text":"#
    case .repeat: #"{"kind":"repeat","text":"#
    case .notes: #"{"kind":"notes","text":"#
    case .checklist: #"{"kind":"checklist","text":"#
    case .due: #"{"kind":"due","text":"#
    case .dueToday: #"{"kind":"dueToday","text":"#
    case .overdue: #"{"kind":"overdue","text":"#
    case .afterDue: #"{"kind":"afterDue","text":"#
    case .someday: #"{"kind":"someday","text":"#
    case .completed: #"{"kind":"completed","text":"#
    case .cancelled: #"{"kind":"cancelled","text":"#
    case .title: #"{"kind":"title","text":"#
    case .date: #"{"kind":"date","text":"#
    case .weekday: #"{"kind":"weekday","text":"#
    case .total: #"{"kind":"total","text":"#
    }
  }
}

extension [DisplayPart] {
  /// `[{"kind": "priority", "text": "!!"}, …]`.
  public var json: JSONValue {
    .array(map { ["kind": .string($0.kind.rawValue), "text": .string($0.text)] })
  }
}

extension JSONWriter {
  /// Display parts as their JSON array, written without a tree of values (one per task in a
  /// list): each part's opening as one constant.
  mutating func append(display parts: [DisplayPart]) {
    append(raw: "[")
    for (index, part) in parts.enumerated() {
      if index > 0 { append(raw: ",") }
      append(raw: part.kind.opening)
      writeString(part.text)
      append(raw: "}")
    }
    append(raw: "]")
  }
}
