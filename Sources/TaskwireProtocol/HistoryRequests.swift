import JSON
import JSONRPC

/// Takes back the newest step not yet undone, from any client or process on the store.
/// Result: `{ "undone": HistoryStep }`.
public enum HistoryUndoRequest {
  public static let method = "history/undo"
  public static func params(_ json: JSONValue?) throws(RPCError) {
    _ = try ParamReader(json, allowed: [])
  }
}

/// Re-applies the step undone last. Result: `{ "redone": HistoryStep }`.
public enum HistoryRedoRequest {
  public static let method = "history/redo"
  public static func params(_ json: JSONValue?) throws(RPCError) {
    _ = try ParamReader(json, allowed: [])
  }
}

/// Recent steps, newest first. Result: `{ steps, canUndo, canRedo }`.
public enum HistoryListRequest {
  public static let method = "history/list"
  public static func params(_ json: JSONValue?) throws(RPCError) -> Int {
    try ParamReader(json, allowed: ["limit"]).int("limit", in: 1...1000) ?? 20
  }
}
