/// The views a frontend can show.
public enum ViewKind: String, CaseIterable, Sendable {
  case inbox
  case today
  case upcoming
}

/// One ordered list: Inbox, Today, or one day group of Upcoming.
public enum ListKey: Hashable, Sendable, Comparable {
  case inbox
  case today
  case day(CalendarDate)

  public var view: ViewKind {
    switch self {
    case .inbox: .inbox
    case .today: .today
    case .day: .upcoming
    }
  }

  /// The group key used in the protocol: "inbox", "today", or the day's date.
  public var groupKey: String {
    switch self {
    case .inbox: "inbox"
    case .today: "today"
    case .day(let date): date.description
    }
  }
}
