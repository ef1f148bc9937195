import TaskwireCore

/// What changed in the replica since someone last looked: the changes committed here and those
/// read back from other writers, in the order they were applied to the index. The view
/// publisher turns it into view diffs, outside any transaction.
public struct ReplicaUpdate: Sendable {
  public var changes: [TaskChange] = []
  /// Every list may have changed wholesale (a new day, or a reload): views are rebuilt, not
  /// patched.
  public var rebuilt = false
  /// A task that was not open (completed, or unknown) changed: the logbook may have.
  public var completedTouched = false

  public init() {}

  public var isEmpty: Bool { changes.isEmpty && !rebuilt && !completedTouched }
}
