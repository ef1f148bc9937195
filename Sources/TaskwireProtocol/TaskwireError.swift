import JSON
import JSONRPC
import TaskwireCore

/// taskwire's own error codes, in JSON-RPC's implementation-defined range (and LSP's codes
/// where LSP has one). Each is documented in Protocol/README.md.
public enum TaskwireErrorCode {
  public static let serverNotInitialized = -32002
  public static let taskNotFound = -32010
  public static let taskCompleted = -32011
  public static let dateInPast = -32012
  public static let nothingToUndo = -32013
  public static let nothingToRedo = -32014
  public static let historyConflict = -32015
  public static let storeBusy = -32020
  public static let storeFailed = -32021
  public static let contentModified = -32801
}

extension RPCError {
  /// The protocol error for a refusal of the domain.
  public init(_ error: DomainError) {
    switch error {
    case .invalidField(let field, let problem):
      self = .invalidParams(field, problem)
    case .taskNotFound(let id):
      self.init(
        code: TaskwireErrorCode.taskNotFound, message: "Task \(id) not found", data: ["id": .int64(id)])
    case .taskCompleted(let id):
      self.init(
        code: TaskwireErrorCode.taskCompleted,
        message: "Task \(id) is completed; reopen it with task/complete first",
        data: ["id": .int64(id)])
    case .dateInPast(let date, let today):
      self.init(
        code: TaskwireErrorCode.dateInPast,
        message: "\(date) is in the past (today is \(today))",
        data: ["date": .string(date.description), "today": .string(today.description)])
    case .nothingToUndo:
      self.init(code: TaskwireErrorCode.nothingToUndo, message: "Nothing to undo")
    case .nothingToRedo:
      self.init(code: TaskwireErrorCode.nothingToRedo, message: "Nothing to redo")
    case .historyConflict(let detail):
      self.init(code: TaskwireErrorCode.historyConflict, message: "History conflict: \(detail)")
    case .contentModified(let view, let expected, let current):
      self.init(
        code: TaskwireErrorCode.contentModified,
        message: "The \(view.rawValue) view changed since version \(expected) (now \(current)); list it again",
        data: ["view": .string(view.rawValue), "expected": .int(expected), "current": .int(current)])
    }
  }

  public static let serverNotInitialized = RPCError(
    code: TaskwireErrorCode.serverNotInitialized,
    message: "Server not initialized: send initialize first")
}
