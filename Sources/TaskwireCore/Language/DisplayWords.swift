/// The words of a task's display parts and of a group's header (`TaskPresenter`), in one
/// language: what every client used to write for itself (Protocol/README.md, "Display parts").
public struct DisplayWords: Sendable {
  /// "due Fri, Nov 27" / "fällig Fr, 27. Nov.": the word before the day.
  public var due: String
  public var today: String
  public var tomorrow: String
  public var overdue: String
  public var afterDue: String
  /// "done Mon, Nov 23" / "erledigt Mo, 23. Nov."; "cancelled Mon, Nov 23" / "abgebrochen Mo, 23. Nov.".
  public var done: String
  public var cancelled: String
  /// A task or project on Someday, where it is listed: "Someday" / "Irgendwann".
  public var someday: String
  /// "Fri, Nov 27" / "Fr, 27. Nov." (weekday, month, day); another year: "Jan 4, 2027" / "4. Jan. 2027".
  public var weekdayDay: @Sendable (_ weekday: String, _ month: String, _ day: Int) -> String
  /// A time of day: "3:30 PM", "9 AM" / "15:30", "9:00".
  public var time: @Sendable (_ hour: Int, _ minute: Int) -> String
  /// "30m", "1h", "1h30m" / "30 Min.", "1 Std.", "1 Std. 30 Min.".
  public var duration: @Sendable (_ hours: Int, _ minutes: Int) -> String
  /// "daily" / "täglich" and "every 3 days" / "alle 3 Tage"; the same for weeks and months.
  public var daily: String
  public var weekly: String
  public var monthly: String
  public var everyDays: @Sendable (Int) -> String
  public var everyWeeks: @Sendable (Int) -> String
  public var everyMonths: @Sendable (Int) -> String
  /// "every 2 weeks: Mon, Thu" / "alle 2 Wochen: Mo, Do".
  public var onWeekdays: @Sendable (_ every: String, _ days: String) -> String
  /// "monthly on the 15th" / "monatlich am 15."; the last day of the month: "on the last day".
  public var onMonthDay: @Sendable (_ every: String, _ day: Int) -> String
  public var onLastDay: @Sendable (_ every: String) -> String
  /// Where a new task went (`task/create`'s `message`): "Added 'X' to Today" / "'X' zu Heute
  /// hinzugefügt"; Upcoming names the day: "Added 'X' to Upcoming: Fri, Nov 27".
  public var addedToInbox: @Sendable (_ title: String) -> String
  public var addedToToday: @Sendable (_ title: String) -> String
  public var addedToDay: @Sendable (_ title: String, _ day: String) -> String
  public var addedDone: @Sendable (_ title: String) -> String
  /// Into a project, heading or area ("Added 'X' to Garden"), or among the projects.
  public var addedTo: @Sendable (_ title: String, _ place: String) -> String
  public var projects: String
  /// Where a scheduled or moved task went (`task/schedule`'s and `task/move`'s `message`).
  public var sentToInbox: @Sendable (_ title: String) -> String
  public var movedTo: @Sendable (_ title: String, _ list: String) -> String
  public var scheduledFor: @Sendable (_ title: String, _ day: String) -> String

  public static let english = DisplayWords(
    due: "due", today: "today", tomorrow: "tomorrow", overdue: "overdue", afterDue: "after due", done: "done",
    cancelled: "cancelled", someday: "Someday",
    weekdayDay: { "\($0), \($1) \($2)" },
    time: { hour, minute in
      let twelve = hour % 12 == 0 ? 12 : hour % 12
      let suffix = hour < 12 ? "AM" : "PM"
      return minute == 0 ? "\(twelve) \(suffix)" : "\(twelve):\(minute < 10 ? "0" : "")\(minute) \(suffix)"
    },
    duration: { hours, minutes in hours == 0 ? "\(minutes)m" : minutes == 0 ? "\(hours)h" : "\(hours)h\(minutes)m" },
    daily: "daily", weekly: "weekly", monthly: "monthly",
    everyDays: { "every \($0) days" }, everyWeeks: { "every \($0) weeks" }, everyMonths: { "every \($0) months" },
    onWeekdays: { "\($0): \($1)" },
    onMonthDay: { every, day in "\(every) on the \(DisplayWords.englishOrdinal(day))" },
    onLastDay: { "\($0) on the last day" },
    addedToInbox: { "Added '\($0)' to Inbox" }, addedToToday: { "Added '\($0)' to Today" },
    addedToDay: { "Added '\($0)' to Upcoming: \($1)" }, addedDone: { "Added '\($0)' to Logbook" },
    addedTo: { "Added '\($0)' to \($1)" }, projects: "Projects",
    sentToInbox: { "Sent '\($0)' to Inbox" }, movedTo: { "Moved '\($0)' to \($1)" },
    scheduledFor: { "Scheduled '\($0)' for \($1)" })

  public static let german = DisplayWords(
    due: "fällig", today: "heute", tomorrow: "morgen", overdue: "überfällig", afterDue: "nach Fälligkeit",
    done: "erledigt", cancelled: "abgebrochen", someday: "Irgendwann",
    weekdayDay: { "\($0), \($2). \($1)" },
    time: { hour, minute in "\(hour):\(minute < 10 ? "0" : "")\(minute)" },
    duration: { hours, minutes in
      hours == 0 ? "\(minutes) Min." : minutes == 0 ? "\(hours) Std." : "\(hours) Std. \(minutes) Min."
    },
    daily: "täglich", weekly: "wöchentlich", monthly: "monatlich",
    everyDays: { "alle \($0) Tage" }, everyWeeks: { "alle \($0) Wochen" }, everyMonths: { "alle \($0) Monate" },
    onWeekdays: { "\($0): \($1)" },
    onMonthDay: { every, day in "\(every) am \(day)." },
    onLastDay: { "\($0) am letzten Tag" },
    addedToInbox: { "'\($0)' zum Eingang hinzugefügt" }, addedToToday: { "'\($0)' zu Heute hinzugefügt" },
    addedToDay: { "'\($0)' zu Demnächst hinzugefügt: \($1)" }, addedDone: { "'\($0)' zum Logbuch hinzugefügt" },
    addedTo: { "'\($0)' zu \($1) hinzugefügt" }, projects: "Projekte",
    sentToInbox: { "'\($0)' in den Eingang gelegt" }, movedTo: { "'\($0)' nach \($1) verschoben" },
    scheduledFor: { "'\($0)' für \($1) geplant" })

  /// 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, 22nd, 23rd, 31st.
  static func englishOrdinal(_ day: Int) -> String {
    let suffix =
      (11...13).contains(day % 100) ? "th" : day % 10 == 1 ? "st" : day % 10 == 2 ? "nd" : day % 10 == 3 ? "rd" : "th"
    return "\(day)\(suffix)"
  }
}
