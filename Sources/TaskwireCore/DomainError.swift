/// What the domain refuses. The server maps each case to a JSON-RPC error code.
public enum DomainError: Error, Equatable, Sendable {
  /// A field's value is not acceptable: the field's name and the problem.
  case invalidField(String, String)
  case taskNotFound(Int64)
  case taskCompleted(Int64)
  case dateInPast(CalendarDate, today: CalendarDate)
  case nothingToUndo
  case nothingToRedo
  /// The step to undo or redo no longer matches the store (changed since by another way).
  case historyConflict(String)
  /// The drop was computed on a version of the view that is no longer current.
  case contentModified(view: ViewKind, expected: Int, current: Int)
}
