/// The long-press menu of a task: Today, Tomorrow, Choose date… (the picker opens on tomorrow
/// and allows nothing before today), Inbox, with the entry matching where the task is marked.
/// Cancel is the frontend's own: it sends nothing.
public struct ScheduleOptions: Equatable, Sendable {
  public struct Option: Equatable, Sendable {
    public var id: String
    public var label: String
    public var date: CalendarDate?
    public var current: Bool
  }

  public var options: [Option]
  public var pickerDefault: CalendarDate
  public var pickerMinimum: CalendarDate

  public init(for task: TaskRecord, today: CalendarDate, words: Words = .english) {
    let tomorrow = today.adding(days: 1)
    let date = task.completed ? nil : task.scheduledDate
    // (A task on Someday, or with no date in a project, is in no list the menu names.)
    let isInbox = !task.completed && date == nil && !task.someday && task.parentID == nil
    options = [
      Option(id: "today", label: words.today, date: today, current: date.map { $0 <= today } ?? false),
      Option(id: "tomorrow", label: words.tomorrow, date: tomorrow, current: date == tomorrow),
      Option(
        id: "choose", label: words.chooseDate, date: date.flatMap { $0 > tomorrow ? $0 : nil },
        current: date.map { $0 > tomorrow } ?? false),
      Option(id: "inbox", label: words.inbox, date: nil, current: isInbox),
    ]
    pickerDefault = tomorrow
    pickerMinimum = today
  }
}
