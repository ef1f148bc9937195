import JSON

/// OpenRPC's discovery method: the server answers with Protocol/openrpc.json, embedded in the
/// binary at build time.
public enum DiscoverRequest: RequestType {
  public static let method = "rpc.discover"
  public typealias Params = NoParams

  public struct Response: TreeResponse {
    public var json: JSONValue
    public init() { json = OpenRPCDocument.value }
  }
}

/// Protocol/openrpc.json, the one copy of the contract (SwiftPM embeds the file).
public enum OpenRPCDocument {
  public static let bytes: [UInt8] = PackageResources.openrpc_json
  public static let value: JSONValue = (try? JSONParser.parse(bytes)) ?? .null
}

extension OpenRPCDocument {
  /// A method's entry in a document.
  public static func method(_ name: String, in document: JSONValue = value) -> JSONValue? {
    document["methods"]?.arrayValue?.first { $0["name"]?.stringValue == name }
  }

  /// A method's params, each `$ref` to a shared content descriptor resolved.
  public static func params(of method: JSONValue, in document: JSONValue = value) -> [JSONValue] {
    (method["params"]?.arrayValue ?? []).map { param in
      guard let ref = param["$ref"]?.stringValue, ref.hasPrefix("#/components/contentDescriptors/") else {
        return param
      }
      let name = String(ref.dropFirst("#/components/contentDescriptors/".count))
      return document["components"]?["contentDescriptors"]?[name] ?? param
    }
  }
}
