import Foundation
import JSON

/// One object of a Taskwarrior export, read field by field: a field of the wrong type is an
/// error that names the record and the field.
struct TaskwarriorRecord {
  let object: JSONObject
  let index: Int

  func error(_ message: String) -> ImportError { ImportError(record: index, message) }

  func string(_ name: String) throws(ImportError) -> String? {
    guard let value = object[name], !value.isNull else { return nil }
    // Taskwarrior writes numeric attributes (imask, id) as numbers; a string field is text.
    guard let text = value.stringValue else { throw error("\(name) must be a string, not \(value.typeName)") }
    return text
  }

  func strings(_ name: String) throws(ImportError) -> [String]? {
    guard let value = object[name], !value.isNull else { return nil }
    // Old exports (and hand-written files) give tags as one comma-separated string.
    if let text = value.stringValue { return text.split(separator: ",").map(String.init) }
    guard let items = value.arrayValue else {
      throw error("\(name) must be an array of strings, not \(value.typeName)")
    }
    var result: [String] = []
    for item in items {
      guard let text = item.stringValue else { throw error("\(name) must hold strings, not \(item.typeName)") }
      result.append(text)
    }
    return result
  }

  func date(_ name: String) throws(ImportError) -> Date? {
    guard let text = try string(name) else { return nil }
    guard let instant = ExchangeDates.instant(taskwarrior: text) else {
      throw error("\(name) is not a Taskwarrior date (like 20261124T153000Z): \(text)")
    }
    return instant
  }

  /// The annotations' texts, oldest first.
  func annotations() throws(ImportError) -> [String] {
    guard let value = object["annotations"], !value.isNull else { return [] }
    guard let items = value.arrayValue else { throw error("annotations must be an array, not \(value.typeName)") }
    var notes: [(entry: String, text: String)] = []
    for item in items {
      guard let text = item["description"]?.stringValue else {
        throw error("each annotation must have a description string")
      }
      notes.append((item["entry"]?.stringValue ?? "", text))
    }
    return notes.enumerated().sorted { ($0.element.entry, $0.offset) < ($1.element.entry, $1.offset) }.map(
      \.element.text)
  }

  /// A field's value in a few characters, for the report's examples.
  func summary(_ name: String) -> String {
    let text = object[name].map { $0.stringValue ?? JSONWriter.string($0) } ?? ""
    return text.count > 40 ? String(text.prefix(39)) + "…" : text
  }
}
