import JSON

/// A recorded session: the server's flags, then every message in order.
public struct SessionFile {
  public enum Entry {
    /// Bytes the client sent (one message).
    case input([UInt8])
    /// A message the server sent.
    case output(JSONValue)
  }

  public var flags: [String]
  public var entries: [Entry]
  /// Which server each entry is of (0 for the first): a session of several processes on one
  /// store (`"process": N` on an entry) replays them side by side, each started at its first
  /// entry, all on the same fresh store.
  public var processes: [Int]

  public struct FormatError: Error, CustomStringConvertible {
    public var description: String
  }

  public init(text: String) throws {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: true).makeIterator()
    guard let first = lines.next(), let header = try? JSONParser.parse(String(first)),
      header.objectValue?["session"] == .string("taskwire"),
      let flags = header.objectValue?["flags"]?.arrayValue?.compactMap(\.stringValue)
    else { throw FormatError(description: "the first line is not a taskwire session header") }
    self.flags = flags
    entries = []
    processes = []
    var number = 1
    while let line = lines.next() {
      number += 1
      guard let object = (try? JSONParser.parse(String(line)))?.objectValue else {
        throw FormatError(description: "line \(number) is not a JSON object")
      }
      let process = Int(object["process"]?.integerValue ?? 0)
      guard (0..<8).contains(process) else { throw FormatError(description: "line \(number): process must be 0 to 7") }
      processes.append(process)
      if let message = object["in"] {
        entries.append(.input(JSONWriter.encode(message)))
      } else if let text = object["inText"]?.stringValue {
        entries.append(.input(Array(text.utf8)))
      } else if let hex = object["inHex"]?.stringValue {
        entries.append(.input(Self.bytes(hex: hex)))
      } else if let message = object["out"] {
        entries.append(.output(message))
      } else {
        throw FormatError(description: "line \(number) has none of in, inText, inHex, out")
      }
    }
  }

  static func bytes(hex: String) -> [UInt8] {
    var bytes: [UInt8] = []
    var high: UInt8? = nil
    for character in hex.utf8 {
      let value: UInt8 =
        character >= 97 ? character - 87 : character >= 65 ? character - 55 : character - 48
      if let pending = high {
        bytes.append(pending << 4 | value)
        high = nil
      } else {
        high = value
      }
    }
    return bytes
  }
}
