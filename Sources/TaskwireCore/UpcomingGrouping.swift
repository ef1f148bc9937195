/// How Upcoming names its day groups: "Tomorrow" for tomorrow, "Feb 13" after that, with the
/// year added for a date in another year than today's ("Jan 4, 2027").
public enum UpcomingGrouping {
  public static func title(of date: CalendarDate, today: CalendarDate) -> String {
    date == today.adding(days: 1) ? "Tomorrow" : date.shortTitle(referenceYear: today.year)
  }
}
