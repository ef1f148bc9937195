import JSON

/// OpenRPC's discovery method: the server answers with Protocol/openrpc.json, embedded in the
/// binary at build time.
public enum DiscoverRequest: RequestType {
  public static let method = "rpc.discover"
  public typealias Params = NoParams

  public struct Response: ResponseType {
    public var json: JSONValue
    public init() { json = OpenRPCDocument.value }
  }
}

/// Protocol/openrpc.json, the one copy of the contract (SwiftPM embeds the file).
public enum OpenRPCDocument {
  public static let bytes: [UInt8] = PackageResources.openrpc_json
  public static let value: JSONValue = (try? JSONParser.parse(bytes)) ?? .null
}
