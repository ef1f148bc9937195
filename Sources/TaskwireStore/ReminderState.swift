/// What became of a reminder that came due (issue 30), as every process on the store sees it:
/// fired and showing, snoozed until an instant, or dismissed. Keyed by the task's uuid and the
/// reminder's wall time (`WallMoment`'s text): a reminder moved to another time is another one.
public struct ReminderState: Equatable, Sendable {
  public enum Phase: String, Sendable {
    case showing, snoozed, dismissed
  }

  public var task: String
  public var at: String
  public var phase: Phase
  /// While snoozed: the protocol timestamp it comes back at; while showing: the one it fell
  /// due at (its time, or a snooze's end), which says whether it was delivered late.
  public var until: String?
  /// When it was last fired (a protocol timestamp).
  public var firedAt: String

  public init(task: String, at: String, phase: Phase, until: String? = nil, firedAt: String) {
    self.task = task
    self.at = at
    self.phase = phase
    self.until = until
    self.firedAt = firedAt
  }
}

/// The reminders' table, on every backend (a `Storage` that has reminders).
public protocol ReminderStore {
  /// Every reminder showing or snoozed (the dismissed ones are history).
  func liveReminderStates() throws -> [ReminderState]
  /// The state of one reminder, if it ever came due.
  func reminderState(task: String, at: String) throws -> ReminderState?
}

/// Firing, snoozing and dismissing, inside a write transaction.
public protocol ReminderTransaction {
  /// Fires a reminder that came due at `due`, unless another process did: true when this call
  /// did. A first firing inserts its row; a snoozed one is fired again only while it is still snoozed
  /// `until` the same instant (another process may have fired, dismissed or snoozed it anew).
  func claimReminder(task: String, at: String, due: String, firedAt: String, snoozedUntil: String?) throws -> Bool
  /// Snoozes (with `until`) or dismisses a reminder, fired or not.
  func setReminderState(task: String, at: String, phase: ReminderState.Phase, until: String?, at now: String) throws
}
