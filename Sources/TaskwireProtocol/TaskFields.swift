import JSON
import JSONRPC
import TaskwireCore

/// The task fields that task/create and task/update take, read into a patch.
public enum TaskFields {
  public static let names: Set<String> = [
    "title", "notes", "tags", "priority", "urgent", "durationMinutes", "type", "scheduledDate",
    "dueDate", "recurrence", "kind", "parent", "someday", "scheduledTime", "evening",
    "reminders", "dueTime",
  ]

  public static func patch(_ params: ParamReader) throws(RPCError) -> TaskPatch {
    var patch = TaskPatch()
    patch.title = try params.string("title")
    patch.notes = try params.nullableString("notes")
    patch.tags = try params.strings("tags")
    patch.priority = try params.int("priority")
    patch.urgent = try params.bool("urgent")
    patch.durationMinutes = try params.int("durationMinutes")
    patch.type = try params.string("type")
    patch.scheduledDate = try params.nullableString("scheduledDate")
    patch.dueDate = try params.nullableString("dueDate")
    patch.scheduledTime = try params.nullableString("scheduledTime")
    patch.dueTime = try params.nullableString("dueTime")
    patch.kind = try params.string("kind")
    patch.someday = try params.bool("someday")
    patch.evening = try params.bool("evening")
    if let parent = params.object["parent"] {
      if parent.isNull {
        patch.parent = .some(nil)
      } else {
        guard let id = parent.integerValue, id > 0 else {
          throw .invalidParams("parent", "must be the id of a project, heading or area, or null for none")
        }
        patch.parent = .some(id)
      }
    }
    if params.has("reminders") { patch.reminders = try reminders(params) }
    if params.has("recurrence") {
      if params.object["recurrence"]?.isNull == true {
        patch.recurrence = Recurrence.none
      } else if let recurrence = try params.nested(
        "recurrence", allowed: ["pattern", "weekdays", "monthDay", "interval", "afterCompletion"])
      {
        let pattern = try recurrence.requiredString("pattern")
        // A client saving a whole task sends back `"monthDay": null`: null means absent here.
        let weekdays = recurrence.object["weekdays"]?.isNull == true ? nil : try recurrence.ints("weekdays")
        let monthDay = recurrence.object["monthDay"]?.isNull == true ? nil : try recurrence.int("monthDay")
        let interval = try recurrence.int("interval")
        let afterCompletion = try recurrence.bool("afterCompletion")
        do {
          patch.recurrence = try Recurrence.make(
            pattern: pattern, weekdays: weekdays, monthDay: monthDay, interval: interval,
            afterCompletion: afterCompletion)
        } catch {
          throw RPCError(error)
        }
      }
    }
    return patch
  }

  /// `reminders`: a list of `{"at": "YYYY-MM-DDTHH:MM"}` and `{"before": minutes}`; null or
  /// `[]` for none.
  static func reminders(_ params: ParamReader) throws(RPCError) -> [Reminder] {
    guard let value = params.object["reminders"], !value.isNull else { return [] }
    let problem =
      "must be a list of {\"at\": \"YYYY-MM-DDTHH:MM\"} or {\"before\": minutes (0 to \(Reminder.maxMinutesBefore))}"
    guard let items = value.arrayValue, items.count <= Reminder.maxCount * 4 else {
      throw .invalidParams("reminders", problem)
    }
    var reminders: [Reminder] = []
    for item in items {
      guard case .object(let object) = item, object.count == 1 else { throw .invalidParams("reminders", problem) }
      if let at = object["at"] {
        guard let text = at.stringValue, let moment = WallMoment(iso: text) else {
          throw .invalidParams("reminders", problem)
        }
        reminders.append(.at(moment))
      } else if let before = object["before"] {
        guard let minutes = before.integerValue, (0...Int64(Reminder.maxMinutesBefore)).contains(minutes) else {
          throw .invalidParams("reminders", problem)
        }
        reminders.append(.before(minutes: Int(minutes)))
      } else {
        throw .invalidParams("reminders", problem)
      }
    }
    return reminders
  }
}
