/// One task as stored. `rank` is its place in the manual order of whatever list it is in:
/// lists are sorted by rank, ties broken by id.
///
/// A value like any other, but its fields live in one shared box that is copied only when a
/// copy is changed (as `Array` does). The index holds every open task (100k of them in the
/// benchmark) and each subscribed view and each listing holds its tasks again: as a box
/// reference that is 8 bytes a task there, not the whole record.
public struct TaskRecord: Equatable, Sendable {
  /// The stored members, in an order that leaves no padding between them.
  struct Fields: Equatable {
    var id: Int64
    var rank: Int64
    var matrixRank: Int64
    var parentID: Int64
    var parentRank: Int64
    var uuid: ItemUUID
    var title: String
    var notes: String?
    var completedAt: String?
    var createdAt: String
    var updatedAt: String
    var tags: [String]
    var checklist: [ChecklistItem]
    var reminders: [Reminder]
    // Smaller than their public types (the 4-, 2- and 1-byte members last, no padding between).
    var scheduledDate: UInt32
    var dueDate: UInt32
    var recurrence: Recurrence
    /// At most a week's minutes as the protocol takes (`TaskPatch.maxDurationMinutes`); more,
    /// from a foreign store, is held as 32,767.
    var durationMinutes: Int16
    /// The scheduled date's time of day in minutes, -1 for none.
    var scheduledTime: Int16
    /// The due date's time of day in minutes, -1 for none.
    var dueTime: Int16
    var priority: Int8
    /// urgent, completed, someday, cancelled: a bit each (`Flag`), one byte for the four.
    var flags: UInt8
    var type: TaskType
    var kind: ItemKind
  }

  /// The bits of `Fields.flags`.
  enum Flag {
    static let urgent: UInt8 = 1
    static let completed: UInt8 = 2
    static let someday: UInt8 = 4
    static let cancelled: UInt8 = 8
    static let evening: UInt8 = 16
  }

  /// Changed only while uniquely referenced (see `fields`), so sharing it between threads is safe.
  final class Box: @unchecked Sendable {
    // No exclusivity check on each read: a box is written only while one record holds it.
    @exclusivity(unchecked) var fields: Fields
    init(_ fields: Fields) { self.fields = fields }
  }

  private var box: Box

  /// The fields, for changing: the box is copied first when another record shares it.
  private var fields: Fields {
    get { box.fields }
    _modify {
      if !isKnownUniquelyReferenced(&box) { box = Box(box.fields) }
      yield &box.fields
    }
  }

  public var id: Int64 {
    get { box.fields.id }
    set { fields.id = newValue }
  }
  public var rank: Int64 {
    get { box.fields.rank }
    set { fields.rank = newValue }
  }
  /// Its place in the manual order of its Eisenhower quadrant.
  public var matrixRank: Int64 {
    get { box.fields.matrixRank }
    set { fields.matrixRank = newValue }
  }
  /// Its project, heading or area (a project's area, a heading's project); nil for none.
  public var parentID: Int64? {
    get { box.fields.parentID == 0 ? nil : box.fields.parentID }
    set { fields.parentID = newValue ?? 0 }
  }
  /// Its place in the manual order of its parent's items (a project's tasks, an area's projects).
  public var parentRank: Int64 {
    get { box.fields.parentRank }
    set { fields.parentRank = newValue }
  }
  public var uuid: ItemUUID {
    get { box.fields.uuid }
    set { fields.uuid = newValue }
  }
  public var kind: ItemKind {
    get { box.fields.kind }
    set { fields.kind = newValue }
  }
  public var checklist: [ChecklistItem] {
    get { box.fields.checklist }
    set { fields.checklist = newValue }
  }
  public var priority: Int {
    get { Int(box.fields.priority) }
    set { fields.priority = Int8(clamping: newValue) }
  }
  public var durationMinutes: Int {
    get { Int(box.fields.durationMinutes) }
    set { fields.durationMinutes = Int16(clamping: newValue) }
  }
  public var title: String {
    get { box.fields.title }
    set { fields.title = newValue }
  }
  public var notes: String? {
    get { box.fields.notes }
    set { fields.notes = newValue }
  }
  public var completedAt: String? {
    get { box.fields.completedAt }
    set { fields.completedAt = newValue }
  }
  public var createdAt: String {
    get { box.fields.createdAt }
    set { fields.createdAt = newValue }
  }
  public var updatedAt: String {
    get { box.fields.updatedAt }
    set { fields.updatedAt = newValue }
  }
  public var tags: [String] {
    get { box.fields.tags }
    set { fields.tags = newValue }
  }
  public var recurrence: Recurrence {
    get { box.fields.recurrence }
    set { fields.recurrence = newValue }
  }
  /// Taking the date away takes its time of day with it (a time belongs to a date); another
  /// date takes the task out of This Evening (an evening is today's).
  public var scheduledDate: CalendarDate? {
    get { CalendarDate(word: box.fields.scheduledDate) }
    set {
      let word = newValue?.word ?? 0
      if word != box.fields.scheduledDate { fields.flags &= ~Flag.evening }
      fields.scheduledDate = word
      if newValue == nil {
        fields.scheduledTime = -1
        dropRelativeReminders()
      }
    }
  }
  /// In Today's This Evening section (Things): meaningful for a task scheduled today only; a
  /// task that was this evening's yesterday is simply in Today.
  public var evening: Bool {
    get { box.fields.flags & Flag.evening != 0 }
    set { if newValue { fields.flags |= Flag.evening } else { fields.flags &= ~Flag.evening } }
  }
  /// The time of day on `scheduledDate` (issue 30; Protocol/README.md, "Times of day"): shown
  /// beside the task, its place in a list still manual. Only a task with a scheduled date has one.
  public var scheduledTime: WallTime? {
    get { box.fields.scheduledTime < 0 ? nil : WallTime(minutes: Int(box.fields.scheduledTime)) }
    set {
      fields.scheduledTime = newValue.map { Int16($0.minutes) } ?? -1
      if newValue == nil { dropRelativeReminders() }
    }
  }
  /// Its reminders (issue 30), in the order given. One before the task's time goes when the
  /// time goes (as the time goes with the date): it would be before nothing.
  public var reminders: [Reminder] {
    get { box.fields.reminders }
    set { fields.reminders = newValue }
  }

  private mutating func dropRelativeReminders() {
    guard box.fields.reminders.contains(where: { if case .before = $0 { true } else { false } }) else { return }
    fields.reminders.removeAll { if case .before = $0 { true } else { false } }
  }
  /// Taking the deadline away takes its time with it.
  public var dueDate: CalendarDate? {
    get { CalendarDate(word: box.fields.dueDate) }
    set {
      fields.dueDate = newValue?.word ?? 0
      if newValue == nil { fields.dueTime = -1 }
    }
  }
  /// The deadline's time of day ("due Fri 5 PM"; Taskwarrior's `due` with a time): shown with
  /// it; the deadline still brings the task into Today on its day.
  public var dueTime: WallTime? {
    get { box.fields.dueTime < 0 ? nil : WallTime(minutes: Int(box.fields.dueTime)) }
    set { fields.dueTime = newValue.map { Int16($0.minutes) } ?? -1 }
  }
  public var urgent: Bool {
    get { box.fields.flags & Flag.urgent != 0 }
    set { if newValue { fields.flags |= Flag.urgent } else { fields.flags &= ~Flag.urgent } }
  }
  public var completed: Bool {
    get { box.fields.flags & Flag.completed != 0 }
    set { if newValue { fields.flags |= Flag.completed } else { fields.flags &= ~Flag.completed } }
  }
  /// Put aside for some day (Things' Someday): in no date list and out of Anytime until it is
  /// given a date or taken off. A task on someday has no scheduled date (the planner keeps it so).
  public var someday: Bool {
    get { box.fields.flags & Flag.someday != 0 }
    set { if newValue { fields.flags |= Flag.someday } else { fields.flags &= ~Flag.someday } }
  }
  /// Completed by giving it up rather than doing it (a cancelled project, a cancelled task):
  /// meaningful only while `completed`.
  public var cancelled: Bool {
    get { box.fields.flags & Flag.cancelled != 0 }
    set { if newValue { fields.flags |= Flag.cancelled } else { fields.flags &= ~Flag.cancelled } }
  }
  public var type: TaskType {
    get { box.fields.type }
    set { fields.type = newValue }
  }

  public init(
    id: Int64, title: String, notes: String? = nil, tags: [String] = [], priority: Int = 1,
    urgent: Bool = false, durationMinutes: Int = 15, type: TaskType = .maintenance,
    scheduledDate: CalendarDate? = nil, dueDate: CalendarDate? = nil,
    recurrence: Recurrence = .none, completed: Bool = false, completedAt: String? = nil,
    createdAt: String, updatedAt: String, rank: Int64, matrixRank: Int64 = 0, uuid: ItemUUID = .none,
    kind: ItemKind = .task, parentID: Int64? = nil, parentRank: Int64 = 0, checklist: [ChecklistItem] = [],
    someday: Bool = false, cancelled: Bool = false, scheduledTime: WallTime? = nil, evening: Bool = false,
    reminders: [Reminder] = [], dueTime: WallTime? = nil
  ) {
    box = Box(
      Fields(
        id: id, rank: rank, matrixRank: matrixRank, parentID: parentID ?? 0, parentRank: parentRank, uuid: uuid,
        title: title, notes: notes, completedAt: completedAt,
        createdAt: createdAt, updatedAt: updatedAt, tags: tags, checklist: checklist, reminders: reminders,
        scheduledDate: scheduledDate?.word ?? 0,
        dueDate: dueDate?.word ?? 0, recurrence: recurrence, durationMinutes: Int16(clamping: durationMinutes),
        scheduledTime: scheduledTime.map { Int16($0.minutes) } ?? -1,
        dueTime: dueDate == nil ? -1 : dueTime.map { Int16($0.minutes) } ?? -1, priority: Int8(clamping: priority),
        flags: (urgent ? Flag.urgent : 0) | (completed ? Flag.completed : 0) | (someday ? Flag.someday : 0)
          | (cancelled ? Flag.cancelled : 0) | (evening ? Flag.evening : 0),
        type: type, kind: kind))
  }

  public static func == (a: TaskRecord, b: TaskRecord) -> Bool {
    a.box === b.box || a.box.fields == b.box.fields
  }

  /// Equal in everything a frontend sees: the ranks (places in manual orders) are internal.
  public func looksLike(_ other: TaskRecord) -> Bool {
    if box === other.box { return true }
    var mine = box.fields
    mine.rank = other.rank
    mine.matrixRank = other.matrixRank
    mine.parentRank = other.parentRank
    return mine == other.box.fields
  }

  /// The date list an open task belongs to on `today`; nil for a completed task, an item that
  /// is not a task, a task on someday, and a task with no date in a project or area ("anytime":
  /// not the Inbox's).
  ///
  /// A deadline that has come (today's or a passed `dueDate`) puts an open task in Today
  /// whatever its date, its Inbox, project or Someday: what must be done shows where a person
  /// looks first (Things' deadlines; issue 30).
  public func listKey(today: CalendarDate) -> ListKey? {
    guard !completed, kind == .task else { return nil }
    if box.fields.dueDate != 0, let due = dueDate, due <= today {
      return evening && scheduledDate == today ? .evening : .today
    }
    guard !someday else { return nil }
    guard let scheduledDate else { return box.fields.parentID == 0 ? .inbox : nil }
    if scheduledDate == today, evening { return .evening }
    return scheduledDate <= today ? .today : .day(scheduledDate)
  }

  /// The list of its parent's items an open item is in (tasks in no project or area are in
  /// none: the Inbox and the days hold them).
  public var childrenKey: ListKey? {
    guard !completed else { return nil }
    let parent = box.fields.parentID
    // (A task on someday in no project or area is in the list of parent 0: the Someday view's.)
    if kind == .task && parent == 0 && !someday { return nil }
    return .children(parent: parent, kind: kind)
  }

  /// Important means priority medium or high (2 or 3); urgent is the task's own flag.
  public var isImportant: Bool { priority >= 2 }

  /// The Eisenhower quadrant of an open task; nil for a completed one, one on someday and an
  /// item that is not a task.
  public var quadrant: Quadrant? {
    guard !completed, kind == .task, !someday else { return nil }
    switch (urgent, isImportant) {
    case (true, true): return .doFirst
    case (false, true): return .schedule
    case (true, false): return .delegate
    case (false, false): return .eliminate
    }
  }
}

/// The kinds of work a task can be, as in the seeds' time-boxing app.
public enum TaskType: String, CaseIterable, Sendable {
  case maintenance
  case deepWork
  case shallowWork
  case errand
  case meeting
  case learning
}
