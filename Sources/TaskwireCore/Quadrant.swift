/// The four quadrants of the Eisenhower matrix, in the order they are shown.
public enum Quadrant: String, CaseIterable, Sendable {
  case doFirst = "do"
  case schedule
  case delegate
  case eliminate

  public var title: String {
    switch self {
    case .doFirst: "Urgent & important"
    case .schedule: "Important"
    case .delegate: "Urgent"
    case .eliminate: "Neither"
    }
  }

  public var isUrgent: Bool { self == .doFirst || self == .delegate }
  public var isImportant: Bool { self == .doFirst || self == .schedule }
}
