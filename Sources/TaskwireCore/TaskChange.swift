/// One row's change, carrying its old value so that it can be undone: `before` nil is a
/// creation, `after` nil a deletion.
public struct TaskChange: Equatable, Sendable {
  public var before: TaskRecord?
  public var after: TaskRecord?

  public init(before: TaskRecord?, after: TaskRecord?) {
    self.before = before
    self.after = after
  }

  public var taskID: Int64 { (after ?? before)!.id }

  public var inverse: TaskChange { TaskChange(before: after, after: before) }
}

/// What one user action changes: one undo step, committed in one transaction.
public struct ChangeSet: Equatable, Sendable {
  public var label: String
  public var changes: [TaskChange]

  public init(label: String, changes: [TaskChange]) {
    self.label = label
    self.changes = changes
  }

  /// The changes that undo this set, in the order to apply them.
  public var inverse: [TaskChange] { changes.reversed().map(\.inverse) }
}
