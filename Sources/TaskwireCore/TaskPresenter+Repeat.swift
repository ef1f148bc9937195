extension TaskPresenter {
  /// How a repeat reads, without the ↻: "daily", "every 3 days", "Mon–Fri", "every 2 weeks:
  /// Mon, Thu", "monthly on the 15th", "monthly on the last day"; a trailing "!" when it counts
  /// from completion. Nil for a task that does not repeat.
  public func repeatText(_ recurrence: Recurrence) -> String? {
    let n = recurrence.interval
    var text: String
    switch recurrence.pattern {
    case .none: return nil
    case .daily: text = n == 1 ? display.daily : display.everyDays(n)
    case .weekly, .biweekly:
      let weeks = recurrence.pattern == .biweekly ? 2 * n : n
      let every = weeks == 1 ? display.weekly : display.everyWeeks(weeks)
      if let days = recurrence.weekdays, !days.isEmpty {
        let named = weekdayRuns(days)
        text = weeks == 1 ? named : display.onWeekdays(every, named)
      } else {
        text = every
      }
    case .monthly:
      let every = n == 1 ? display.monthly : display.everyMonths(n)
      switch recurrence.monthDay {
      case nil: text = every
      case 32?: text = display.onLastDay(every)
      case let day?: text = display.onMonthDay(every, day)
      }
    }
    return recurrence.afterCompletion ? text + "!" : text
  }

  /// "Mon–Fri", "Mon, Wed", "Mon–Wed, Fri": runs of three days or more as a range.
  func weekdayRuns(_ days: [Int]) -> String {
    let names = words.weekdaysShort
    var pieces: [String] = []
    var start = 0
    while start < days.count {
      var end = start
      while end + 1 < days.count && days[end + 1] == days[end] + 1 { end += 1 }
      if end - start >= 2 {
        pieces.append(names[days[start] - 1] + "–" + names[days[end] - 1])
      } else {
        for index in start...end { pieces.append(names[days[index] - 1]) }
      }
      start = end + 1
    }
    return pieces.joined(separator: ", ")
  }
}
