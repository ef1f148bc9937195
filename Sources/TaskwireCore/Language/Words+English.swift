extension Words {
  public static let english = Words(
    inbox: "Inbox", today: "Today", evening: "This Evening", tomorrow: "Tomorrow", yesterday: "Yesterday", all: "All",
    chooseDate: "Choose date…",
    quadrants: [.doFirst: "Urgent & important", .schedule: "Important", .delegate: "Urgent", .eliminate: "Neither"],
    repeats: [.none: "Never", .daily: "Daily", .weekly: "Weekly", .biweekly: "Every two weeks", .monthly: "Monthly"],
    lastDay: "Last day",
    weekdaysShort: ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"],
    monthsShort: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
    dayTitle: { month, day, year in year.map { "\(month) \(day), \($0)" } ?? "\(month) \(day)" },
    create: { "Create '\($0)'" }, update: { "Update '\($0)'" }, delete: { "Delete '\($0)'" },
    complete: { "Complete '\($0)'" }, reopen: { "Reopen '\($0)'" }, nextOn: { "\($0), next on \($1)" },
    reorder: { "Reorder '\($0)' in \($1)" }, move: { "Move '\($0)' to \($1)" },
    sendToInbox: { "Send '\($0)' to Inbox" }, schedule: { "Schedule '\($0)' for \($1)" },
    importTasks: { $0 == 1 ? "Import 1 task from \($2)" : "Import \($1) tasks from \($2)" },
    noArea: "No area", anytime: "Anytime", someday: "Someday", noProject: "No project",
    cancel: { "Cancel '\($0)'" }, putOnSomeday: { "Put '\($0)' on Someday" },
    putOnAnytime: { "Put '\($0)' on Anytime" },
    makeProject: { "Make '\($0)' a project" }, andMore: { "and \($0) more" }, groupingSeparator: ",",
    display: .english)
}
