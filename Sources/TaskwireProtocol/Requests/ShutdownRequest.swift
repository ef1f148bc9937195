/// Asks the server to stop serving requests; `exit` then ends the process. Result: null.
public enum ShutdownRequest: RequestType {
  public static let method = "shutdown"
  public typealias Params = NoParams
  public typealias Response = NullResponse
}

/// Ends the process: exit code 0 after `shutdown`, 1 without.
public enum ExitNotification {
  public static let method = "exit"
}
