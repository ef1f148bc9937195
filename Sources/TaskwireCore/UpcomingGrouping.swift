/// How Upcoming names its day groups: "Tomorrow" for tomorrow, "Feb 13" after that, with the
/// year added for a date in another year than today's ("Jan 4, 2027").
public enum UpcomingGrouping {
  public static func title(of date: CalendarDate, today: CalendarDate, words: Words = .english) -> String {
    date == today.adding(days: 1) ? words.tomorrow : words.title(of: date, referenceYear: today.year)
  }

  /// The logbook's day titles: "Today", "Yesterday", then "Feb 11".
  public static func logbookTitle(of date: CalendarDate, today: CalendarDate, words: Words = .english) -> String {
    if date == today { return words.today }
    if date == today.adding(days: -1) { return words.yesterday }
    return words.title(of: date, referenceYear: today.year)
  }
}
