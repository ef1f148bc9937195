/// How Upcoming names its day groups: "Tomorrow" for tomorrow, "Feb 13" after that, with the
/// year added for a date in another year than today's ("Jan 4, 2027").
public enum UpcomingGrouping {
  public static func title(of date: CalendarDate, today: CalendarDate) -> String {
    date == today.adding(days: 1) ? "Tomorrow" : date.shortTitle(referenceYear: today.year)
  }

  /// The logbook's day titles: "Today", "Yesterday", then "Feb 11".
  public static func logbookTitle(of date: CalendarDate, today: CalendarDate) -> String {
    if date == today { return "Today" }
    if date == today.adding(days: -1) { return "Yesterday" }
    return date.shortTitle(referenceYear: today.year)
  }
}
