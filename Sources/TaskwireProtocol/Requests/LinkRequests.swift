import JSON
import JSONRPC

/// Links: which task a record elsewhere is (a CalDAV bridge's VTODO by its UID), kept in the
/// store so that every process and device on it shares them. A link is bookkeeping, not a
/// change of a task: no undo step, no view diff. `source` names the other place (for example
/// `caldav:https://dav.example/tasks/`); `taskwarrior` and `taskwire` are import's own.
public enum LinkLimits {
  /// At most this many links in one `link/set` or `link/remove`.
  public static let perRequest = 10_000
  /// A source's and a key's longest length, in UTF-8 bytes.
  public static let textBytes = 1024
  static let reservedSources: Set<String> = ["taskwarrior", "taskwire"]

  static func source(_ reader: ParamReader) throws(RPCError) -> String {
    let source = try reader.requiredString("source")
    guard !source.isEmpty, source.utf8.count <= textBytes else {
      throw reader.fail("source", "must be 1 to \(textBytes) bytes")
    }
    guard !reservedSources.contains(source) else {
      throw reader.fail("source", "'\(source)' is import's own; name the other place, e.g. caldav:URL")
    }
    return source
  }

  static func key(_ key: String, _ reader: ParamReader, _ name: String) throws(RPCError) -> String {
    guard !key.isEmpty, key.utf8.count <= textBytes else { throw reader.fail(name, "must be 1 to \(textBytes) bytes") }
    return key
  }
}

/// Records links (a key replaces its task and version). Each `id` must be a task, open or
/// completed; `version` (optional) is the record's version there when linked, such as the
/// ETag a CalDAV server gave it. Result: `{count}`.
public enum LinkSetRequest: RequestType {
  public static let method = "link/set"
  public static let parameterNames: Set<String>? = ["source", "links"]

  public struct Params: Sendable {
    public var source: String
    public var links: [(key: String, id: Int64, version: String?)]
  }

  public static func decode(_ json: JSONValue?, context: DecodingContext) throws(RPCError) -> Params {
    let reader = try reader(json)
    let source = try LinkLimits.source(reader)
    guard let array = try reader.value("links")?.arrayValue else {
      throw reader.fail("links", reader.has("links") ? "must be an array of {key, id}" : "is required")
    }
    guard array.count <= LinkLimits.perRequest else {
      throw reader.fail("links", "must hold at most \(LinkLimits.perRequest) links")
    }
    var links: [(key: String, id: Int64, version: String?)] = []
    links.reserveCapacity(array.count)
    for (position, element) in array.enumerated() {
      let link = try ParamReader(element, allowed: ["key", "id", "version"], prefix: "links[\(position)].")
      let version = try link.string("version")
      if let version, version.utf8.count > LinkLimits.textBytes {
        throw link.fail("version", "must be at most \(LinkLimits.textBytes) bytes")
      }
      links.append((try LinkLimits.key(try link.requiredString("key"), link, "key"), try link.id(), version))
    }
    return Params(source: source, links: links)
  }

  public struct Response: TreeResponse {
    public var count: Int
    public init(count: Int) { self.count = count }
    public var json: JSONValue { ["count": .int64(Int64(count))] }
  }
}

/// Forgets links by key (a key not linked is no error). Result: `{removed}`, how many were.
public enum LinkRemoveRequest: RequestType {
  public static let method = "link/remove"
  public static let parameterNames: Set<String>? = ["source", "keys"]

  public struct Params: Sendable {
    public var source: String
    public var keys: [String]
  }

  public static func decode(_ json: JSONValue?, context: DecodingContext) throws(RPCError) -> Params {
    let reader = try reader(json)
    let source = try LinkLimits.source(reader)
    let keys = try reader.require("keys", try reader.strings("keys"))
    guard keys.count <= LinkLimits.perRequest else {
      throw reader.fail("keys", "must hold at most \(LinkLimits.perRequest) keys")
    }
    for key in keys { _ = try LinkLimits.key(key, reader, "keys") }
    return Params(source: source, keys: keys)
  }

  public struct Response: TreeResponse {
    public var removed: Int
    public init(removed: Int) { self.removed = removed }
    public var json: JSONValue { ["removed": .int64(Int64(removed))] }
  }
}

/// A source's links, by key (in UTF-8 byte order): `{links: [{key, id, uuid, version}]}`, `uuid`
/// null when the task is gone (deleted since it was linked), `version` null when none was given.
public enum LinkListRequest: RequestType {
  public static let method = "link/list"
  public static let parameterNames: Set<String>? = ["source"]

  public static func decode(_ json: JSONValue?, context: DecodingContext) throws(RPCError) -> String {
    try LinkLimits.source(reader(json))
  }

  public struct Response: TreeResponse {
    public var links: [(key: String, id: Int64, uuid: String?, version: String?)]
    public init(links: [(key: String, id: Int64, uuid: String?, version: String?)]) { self.links = links }
    public var json: JSONValue {
      [
        "links": .array(
          links.map { link in
            [
              "key": .string(link.key), "id": .int64(link.id), "uuid": link.uuid.map(JSONValue.string) ?? .null,
              "version": link.version.map(JSONValue.string) ?? .null,
            ]
          })
      ]
    }
  }
}
