import JSON
import JSONRPC

public enum TaskwireVersion {
  public static let server = "0.1.0"
  /// The protocol's version: bumped when a change would break a client written to it.
  public static let `protocol` = "1"
}

/// The first request. Members an LSP client sends (capabilities, processId, …) are accepted
/// and ignored. Result: the server's name and version, the protocol version and the methods.
public enum InitializeRequest {
  public static let method = "initialize"

  public struct Params: Sendable {
    public var clientName: String
    public var clientVersion: String?
  }

  public static func params(_ json: JSONValue?) throws(RPCError) -> Params {
    let keys = Set(json?.objectValue?.keys ?? [])
    let reader = try ParamReader(json, allowed: keys)
    if let version = try reader.string("protocolVersion"), version != TaskwireVersion.protocol {
      throw .invalidParams(
        "protocolVersion", "\"\(version)\" is not spoken here; this server speaks \"\(TaskwireVersion.protocol)\"")
    }
    let info = try reader.nested("clientInfo", allowed: ["name", "version"])
    return Params(
      clientName: try info?.string("name") ?? "unknown", clientVersion: try info?.string("version"))
  }
}

/// Asks the server to stop serving requests; `exit` then ends the process.
public enum ShutdownRequest {
  public static let method = "shutdown"
}

public enum ExitNotification {
  public static let method = "exit"
}

/// Test-only: moves the fixed clock. Refused unless the server was started with `--clock`.
public enum SetClockRequest {
  public static let method = "test/setClock"
  public static func params(_ json: JSONValue?) throws(RPCError) -> String {
    try ParamReader(json, allowed: ["now"]).requiredString("now")
  }
}

/// OpenRPC's discovery method: the server answers with Protocol/openrpc.json.
public enum DiscoverRequest {
  public static let method = "rpc.discover"
}
