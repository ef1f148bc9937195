/// One marker of a task, or one piece of a group's header, as a person reads it: a kind that a
/// client may colour, and the text in the session's language (Protocol/README.md, "Display parts").
public struct DisplayPart: Equatable, Sendable {
  public enum Kind: String, CaseIterable, Sendable {
    // A task's markers, in the convention's order.
    case time, project, priority, urgent, tags, type, duration, `repeat`, notes, checklist, due, dueToday, overdue
    case afterDue
    case someday, completed, cancelled
    // A group header's pieces.
    case title, date, weekday, total
  }

  public var kind: Kind
  public var text: String

  public init(_ kind: Kind, _ text: String) {
    self.kind = kind
    self.text = text
  }
}

/// Says how tasks and groups read on a given day in a given language: the one display
/// convention, written once for every client (they draw the parts; they format nothing).
///
/// A class: it is handed to every task of a list, and a struct holding the language's tables
/// (dozens of closures) would be copied, and retained, for each.
public final class TaskPresenter: Sendable, Equatable {
  public let today: CalendarDate
  public let language: Language
  let words: Words
  let display: DisplayWords
  /// What a task in a project, under a heading or in an area shows of where it is (outside that
  /// project's own view): the project's title (a heading's project's), the area's; by parent id.
  let places: [Int64: String]
  /// Moves whenever `places` may have (an item of the structure changed).
  public let placesVersion: Int
  /// "due Fri, Nov 27" for the days a list mostly holds (a year either side of today), made once.
  let dueTexts: [String]
  static let dueWindow = -366...366

  public init(today: CalendarDate, language: Language, places: [Int64: String] = [:], placesVersion: Int = 0) {
    self.today = today
    self.language = language
    words = language.words
    display = words.display
    self.places = places
    self.placesVersion = placesVersion
    var texts: [String] = []
    texts.reserveCapacity(Self.dueWindow.count)
    for offset in Self.dueWindow {
      texts.append(Self.dueText(today.adding(days: offset), today: today, words: words))
    }
    dueTexts = texts
  }

  public static func == (lhs: TaskPresenter, rhs: TaskPresenter) -> Bool {
    lhs.today == rhs.today && lhs.language == rhs.language && lhs.placesVersion == rhs.placesVersion
  }

  /// The places of an index's structure (`places`).
  public static func places(in index: TaskIndex) -> [Int64: String] {
    var places: [Int64: String] = [:]
    for area in index.tasks(in: .children(parent: 0, kind: .area)) {
      places[area.id] = area.title
      for project in index.tasks(in: .children(parent: area.id, kind: .project)) { places[project.id] = project.title }
    }
    for project in index.tasks(in: .children(parent: 0, kind: .project)) { places[project.id] = project.title }
    for (id, title) in places {
      for heading in index.tasks(in: .children(parent: id, kind: .heading)) { places[heading.id] = title }
    }
    return places
  }

  static func typeWord(_ type: TaskType) -> String? {
    switch type {
    case .maintenance: nil
    case .deepWork: "@deep"
    case .shallowWork: "@shallow"
    case .errand: "@errand"
    case .meeting: "@meeting"
    case .learning: "@learning"
    }
  }

  static func dueText(_ due: CalendarDate, today: CalendarDate, words: Words) -> String {
    let display = words.display
    switch due.dayNumber - today.dayNumber {
    case 0: return display.due + " " + display.today
    case 1: return display.due + " " + display.tomorrow
    default: return display.due + " " + day(due, today: today, words: words)
    }
  }

  /// A task's markers. `list`: where it is shown (a logbook day adds the day it was done, and
  /// the flags about days to come do not apply to a completed task).
  public func parts(of task: TaskRecord, in list: ListKey?) -> [DisplayPart] {
    var parts: [DisplayPart] = []
    parts.reserveCapacity(6)  // (a task seldom has more: no growing on the way)
    // A time of day first: what a person reads first of a timed task (its place stays manual).
    if let time = task.scheduledTime { parts.append(DisplayPart(.time, display.time(time.hour, time.minute))) }
    if let parent = task.parentID, !places.isEmpty, let place = places[parent] {
      if case .children = list {} else { parts.append(DisplayPart(.project, place)) }
    }
    let priority = task.priority
    if priority >= 2 { parts.append(DisplayPart(.priority, priority >= 3 ? "!!!" : "!!")) }
    if task.urgent { parts.append(DisplayPart(.urgent, "*")) }
    let tags = task.tags
    if tags.count == 1 {
      parts.append(DisplayPart(.tags, "#" + tags[0]))
    } else if !tags.isEmpty {
      parts.append(DisplayPart(.tags, tags.map { "#" + $0 }.joined(separator: " ")))
    }
    if let type = Self.typeWord(task.type) { parts.append(DisplayPart(.type, type)) }
    let minutes = task.durationMinutes
    if minutes != 15 { parts.append(DisplayPart(.duration, duration(minutes))) }
    if let text = repeatText(task.recurrence) { parts.append(DisplayPart(.repeat, "↻ " + text)) }
    if let notes = task.notes, !notes.isEmpty { parts.append(DisplayPart(.notes, "✎")) }
    let checklist = task.checklist
    if !checklist.isEmpty {
      parts.append(DisplayPart(.checklist, "\(checklist.lazy.filter(\.done).count)/\(checklist.count)"))
    }
    let scheduled = task.scheduledDate
    let due = task.dueDate
    if let due {
      let offset = due.dayNumber - today.dayNumber
      var text =
        Self.dueWindow.contains(offset)
        ? dueTexts[offset - Self.dueWindow.lowerBound] : Self.dueText(due, today: today, words: words)
      // "due Fri, Nov 27 5 PM": the deadline's time after its day.
      if let time = task.dueTime { text += " " + display.time(time.hour, time.minute) }
      parts.append(DisplayPart(offset == 0 ? .dueToday : .due, text))
    }
    if !task.completed {
      if (due.map { $0 < today } ?? false) || (scheduled.map { $0 < today } ?? false) {
        parts.append(DisplayPart(.overdue, display.overdue))
      }
      if let scheduled, let due, scheduled > due { parts.append(DisplayPart(.afterDue, display.afterDue)) }
    }
    if task.someday && !task.completed { parts.append(DisplayPart(.someday, display.someday)) }
    if case .completed(let doneDay) = list {
      parts.append(
        task.cancelled
          ? DisplayPart(.cancelled, display.cancelled + " " + day(doneDay))
          : DisplayPart(.completed, display.done + " " + day(doneDay)))
    }
    return parts
  }

  /// A group's header: its title (unless it is the date itself, which the date says better),
  /// its date with the weekday, the weekday again for a date in another year, and the total of
  /// its tasks' durations.
  public func parts(of group: ViewSnapshot.Group) -> [DisplayPart] {
    var parts: [DisplayPart] = []
    let titleIsTheDate = group.date != nil && group.title.contains(where: \.isNumber)
    if !titleIsTheDate { parts.append(DisplayPart(.title, group.title)) }
    if let date = group.date {
      parts.append(DisplayPart(.date, day(date)))
      if date.year != today.year { parts.append(DisplayPart(.weekday, words.weekdaysShort[date.isoWeekday - 1])) }
    }
    var total = 0
    // (Tasks only: a project, heading or area has no duration of its own.)
    group.tasks.withUnsafeBufferPointer { tasks in
      for task in tasks where task.kind == .task { total += task.durationMinutes }
    }
    if total > 0 { parts.append(DisplayPart(.total, duration(total))) }
    return parts
  }

  /// "Fri, Nov 27"; in another year than today's "Jan 4, 2027". German "Fr, 27. Nov.", "4. Jan. 2027".
  public func day(_ date: CalendarDate) -> String { Self.day(date, today: today, words: words) }

  static func day(_ date: CalendarDate, today: CalendarDate, words: Words) -> String {
    let month = words.monthsShort[date.month - 1]
    if date.year != today.year { return words.dayTitle(month, date.day, date.year) }
    return words.display.weekdayDay(words.weekdaysShort[date.isoWeekday - 1], month, date.day)
  }

  /// "3:30 PM" / "15:30".
  public func time(_ time: WallTime) -> String { display.time(time.hour, time.minute) }

  /// "5m", "1h30m" / "5 Min.", "1 Std. 30 Min.".
  public func duration(_ minutes: Int) -> String { display.duration(minutes / 60, minutes % 60) }

  /// Where a new task went (`task/create`'s `message`).
  public func added(_ title: String, to list: ListKey?, parentTitle: String? = nil) -> String {
    switch list {
    case .children: return display.addedTo(title, parentTitle ?? display.projects)
    case .inbox: return display.addedToInbox(title)
    case .today: return display.addedToToday(title)
    case .evening: return display.addedTo(title, words.evening)
    case .day(let date): return display.addedToDay(title, day(date))
    default: return display.addedDone(title)
    }
  }

  /// Where a scheduled or moved task went (`task/schedule`'s and `task/move`'s `message`); nil
  /// for a task in no list.
  public func moved(_ title: String, to list: ListKey?) -> String? {
    switch list {
    case .inbox: return display.sentToInbox(title)
    case .today: return display.movedTo(title, words.today)
    case .evening: return display.movedTo(title, words.evening)
    case .day(let date): return display.scheduledFor(title, day(date))
    case .quadrant(let quadrant): return display.movedTo(title, words.quadrants[quadrant] ?? quadrant.title)
    // (Into a project or under one of its headings: the project's title; among an area's projects: the area's.)
    case .children(let parent, _): return display.movedTo(title, places[parent] ?? display.projects)
    default: return nil
    }
  }
}
