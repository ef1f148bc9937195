import JSON
import TaskwireCore

/// A record as the shared log keeps it: one JSON object (Protocol/devices.md, "Format").
extension ChangeRecord {
  public var json: JSONValue {
    .object(
      JSONObject([
        ("v", .number(String(Self.version))), ("id", .string(id.description)), ("hlc", .string(hlc.description)),
        ("seen", .number(String(seen))), ("kind", .string(kind.rawValue)), ("label", .string(label)),
        ("client", .string(client)), ("at", .string(at)), ("items", .array(items.map(\.json))),
      ]))
  }

  /// The record's JSON text, written straight into one buffer (a record is made with every
  /// commit of a replica: no tree of values is built for it). The same document as `json`.
  public var text: String {
    var writer = JSONWriter(capacity: 512)
    writer.append(raw: "{\"v\":")
    writer.append(integer: Int64(Self.version))
    writer.append(raw: ",\"id\":")
    writer.writeString(id.description)
    writer.append(raw: ",\"hlc\":")
    writer.writeString(hlc.description)
    writer.append(raw: ",\"seen\":")
    writer.append(integer: seen)
    writer.append(raw: ",\"kind\":")
    writer.writeString(kind.rawValue)
    writer.append(raw: ",\"label\":")
    writer.writeString(label)
    writer.append(raw: ",\"client\":")
    writer.writeString(client)
    writer.append(raw: ",\"at\":")
    writer.writeString(at)
    writer.append(raw: ",\"items\":[")
    for (index, item) in items.enumerated() {
      if index > 0 { writer.append(byte: UInt8(ascii: ",")) }
      item.write(into: &writer)
    }
    writer.append(raw: "]}")
    return writer.text
  }

  /// Why a record cannot be read.
  public struct Unreadable: Error, Equatable, CustomStringConvertible {
    public let description: String
    public init(description: String) { self.description = description }
  }

  public init(text: String) throws(Unreadable) {
    guard let value = try? JSONParser.parse(text) else { throw Unreadable(description: "not JSON") }
    try self.init(json: value)
  }

  public init(json: JSONValue) throws(Unreadable) {
    guard let version = json["v"]?.integerValue else { throw Unreadable(description: "no format version") }
    guard version <= Self.version else {
      throw Unreadable(description: "format \(version) is newer than this taskwire's \(Self.version)")
    }
    guard let id = json["id"]?.stringValue.flatMap(ItemUUID.init),
      let hlc = json["hlc"]?.stringValue.flatMap(HybridTime.init),
      let seen = json["seen"]?.integerValue, let kind = json["kind"]?.stringValue.flatMap(Kind.init(rawValue:)),
      let items = json["items"]?.arrayValue
    else { throw Unreadable(description: "a member is missing or malformed") }
    self.init(
      id: id, hlc: hlc, seen: seen, kind: kind, label: json["label"]?.stringValue ?? "",
      client: json["client"]?.stringValue ?? "", at: json["at"]?.stringValue ?? "",
      items: try items.map { item throws(Unreadable) in try ItemChange(json: item) })
  }
}

extension ItemChange {
  /// `json`, written straight into `writer`.
  func write(into writer: inout JSONWriter) {
    func members(_ list: [(name: String, value: JSONValue)]) {
      writer.append(byte: UInt8(ascii: "{"))
      for (index, member) in list.enumerated() {
        if index > 0 { writer.append(byte: UInt8(ascii: ",")) }
        writer.writeString(member.name)
        writer.append(byte: UInt8(ascii: ":"))
        writer.write(member.value)
      }
      writer.append(byte: UInt8(ascii: "}"))
    }
    writer.append(raw: "{\"uuid\":")
    writer.writeString(uuid.description)
    writer.append(raw: ",\"op\":")
    writer.writeString(op.rawValue)
    if let legacyID {
      writer.append(raw: ",\"legacyId\":")
      writer.append(integer: legacyID)
    }
    if !set.isEmpty {
      writer.append(raw: ",\"set\":")
      members(set)
    }
    if !tags.isEmpty {
      writer.append(raw: ",\"tags\":")
      members(tags.map { ($0.name, .bool($0.present)) })
    }
    if !lines.isEmpty {
      writer.append(raw: ",\"lines\":{")
      for (index, line) in lines.enumerated() {
        if index > 0 { writer.append(byte: UInt8(ascii: ",")) }
        writer.writeString(line.uuid.description)
        writer.append(byte: UInt8(ascii: ":"))
        if let list = line.members { members(list) } else { writer.append(raw: "null") }
      }
      writer.append(byte: UInt8(ascii: "}"))
    }
    writer.append(byte: UInt8(ascii: "}"))
  }

  var json: JSONValue {
    var members: [(String, JSONValue)] = [("uuid", .string(uuid.description)), ("op", .string(op.rawValue))]
    if let legacyID { members.append(("legacyId", .number(String(legacyID)))) }
    if !set.isEmpty { members.append(("set", .object(JSONObject(set.map { ($0.name, $0.value) })))) }
    if !tags.isEmpty { members.append(("tags", .object(JSONObject(tags.map { ($0.name, .bool($0.present)) })))) }
    if !lines.isEmpty {
      members.append(
        (
          "lines",
          .object(
            JSONObject(
              lines.map { line in
                (
                  line.uuid.description,
                  line.members.map { .object(JSONObject($0.map { ($0.name, $0.value) })) } ?? .null
                )
              }))
        ))
    }
    return .object(JSONObject(members))
  }

  init(json: JSONValue) throws(ChangeRecord.Unreadable) {
    guard let uuid = json["uuid"]?.stringValue.flatMap(ItemUUID.init),
      let op = json["op"]?.stringValue.flatMap(Operation.init(rawValue:))
    else { throw ChangeRecord.Unreadable(description: "an item without uuid or op") }
    var set: [(name: String, value: JSONValue)] = []
    for (name, value) in json["set"]?.objectValue ?? JSONObject() { set.append((name, value)) }
    var tags: [(name: String, present: Bool)] = []
    for (name, value) in json["tags"]?.objectValue ?? JSONObject() {
      guard let present = value.boolValue else {
        throw ChangeRecord.Unreadable(description: "a tag that is not a boolean")
      }
      tags.append((name, present))
    }
    var lines: [(uuid: ItemUUID, members: [(name: String, value: JSONValue)]?)] = []
    for (key, value) in json["lines"]?.objectValue ?? JSONObject() {
      guard let line = ItemUUID(key) else { throw ChangeRecord.Unreadable(description: "a line that is not a uuid") }
      if value.isNull {
        lines.append((line, nil))
      } else if let members = value.objectValue {
        var list: [(name: String, value: JSONValue)] = []
        for (name, member) in members { list.append((name, member)) }
        lines.append((line, list))
      } else {
        throw ChangeRecord.Unreadable(description: "a line that is neither an object nor null")
      }
    }
    self.init(uuid: uuid, op: op, set: set, tags: tags, lines: lines)
    // (An id a server could give: a hostile record's huge one is passed over, not trusted.)
    legacyID = json["legacyId"]?.integerValue.flatMap { (1...ChangeRecord.largestLegacyID).contains($0) ? $0 : nil }
  }
}
