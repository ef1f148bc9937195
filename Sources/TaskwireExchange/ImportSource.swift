import Foundation
import JSON
import TaskwireCore

/// Turns the bytes of a file (or a document sent inline) into a checked batch: which format it
/// is, and each record read by that format's reader. Nothing is imported from a file that fails
/// here.
public struct ImportSource {
  /// A bigger file is refused before it is read: it cannot be a task list, and reading it whole
  /// would take the memory of the process serving every editor.
  public static let maxFileBytes = 256 * 1024 * 1024

  let dates: ExchangeDates
  let now: String
  let today: CalendarDate

  public init(dates: ExchangeDates, now: String, today: CalendarDate) {
    self.dates = dates
    self.now = now
    self.today = today
  }

  /// The bytes of a file, or of standard input for `-`.
  public static func read(path: String) throws(ImportError) -> [UInt8] {
    if path == "-" { return try readStandardInput() }
    let attributes = try? FileManager.default.attributesOfItem(atPath: path)
    guard let attributes else { throw ImportError("cannot read \(path): no such file") }
    if let size = attributes[.size] as? NSNumber, size.int64Value > Int64(maxFileBytes) {
      throw ImportError(
        "\(path) is \(size.int64Value / 1_048_576) MiB; taskwire imports files up to \(maxFileBytes / 1_048_576) MiB"
      )
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw ImportError("cannot read \(path)")
    }
    return Array(data)
  }

  /// Standard input in chunks, refused as soon as it passes the cap: a 2 GB pipe is not read
  /// whole into memory first.
  static func readStandardInput() throws(ImportError) -> [UInt8] {
    var bytes: [UInt8] = []
    while true {
      let chunk = FileHandle.standardInput.readData(ofLength: 1 << 20)
      if chunk.isEmpty { return bytes }
      bytes.append(contentsOf: chunk)
      if bytes.count > maxFileBytes {
        throw ImportError(
          "standard input is over \(maxFileBytes / 1_048_576) MiB; taskwire imports files up to \(maxFileBytes / 1_048_576) MiB"
        )
      }
    }
  }

  /// A whole file: one JSON document (a taskwire export, a Taskwarrior array), or Taskwarrior's
  /// older JSON lines (one task object a line).
  public func batch(bytes: [UInt8], format: ExchangeFormat?) throws(ImportError) -> ImportBatch {
    guard bytes.count <= Self.maxFileBytes else {
      throw ImportError("the file is over \(Self.maxFileBytes / 1_048_576) MiB")
    }
    let document: JSONValue
    do {
      document = try JSONParser.parse(bytes)
    } catch {
      return try jsonLines(bytes, format: format, parseError: error)
    }
    return try batch(document: document, format: format)
  }

  private func jsonLines(_ bytes: [UInt8], format: ExchangeFormat?, parseError: JSONParseError)
    throws(ImportError)
    -> ImportBatch
  {
    let lines = bytes.split(separator: UInt8(ascii: "\n")).filter {
      !$0.allSatisfy { $0 == 32 || $0 == 13 || $0 == 9 }
    }
    // JSON lines start every line with an object; anything else gets the parser's message.
    guard lines.count > 1, lines.allSatisfy({ $0.first == UInt8(ascii: "{") }) else {
      throw ImportError("the file is not JSON: \(parseError)")
    }
    var records: [JSONValue] = []
    for (number, line) in lines.enumerated() {
      do {
        records.append(try JSONParser.parse(line))
      } catch {
        throw ImportError(record: number, "is not JSON: \(error)")
      }
    }
    return try batch(document: .array(records), format: format ?? .taskwarrior)
  }

  public func batch(document: JSONValue, format: ExchangeFormat?) throws(ImportError) -> ImportBatch {
    let found: ExchangeFormat
    if document.arrayValue != nil {
      found = .taskwarrior
    } else if let object = document.objectValue,
      object["format"]?.stringValue == "taskwire" || object["tasks"] != nil
    {
      found = .taskwire
    } else if let object = document.objectValue,
      object["uuid"] != nil || object["description"] != nil
    {
      return try batch(document: .array([document]), format: format)
    } else {
      throw ImportError(
        "the file is neither a taskwire export nor a Taskwarrior export (it is \(document.typeName))"
      )
    }
    if let format, format != found {
      throw ImportError("the file is a \(found.rawValue) export, not a \(format.rawValue) one")
    }
    switch found {
    case .taskwarrior:
      return try TaskwarriorReader(dates: dates, now: now, today: today).read(
        document.arrayValue ?? [])
    case .taskwire:
      return try TaskwireDocumentReader(now: now).read(document.objectValue ?? JSONObject())
    }
  }
}
