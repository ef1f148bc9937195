import Foundation
import JSON

/// The report as JSON (for tracking between runs), and the table's formatting helpers.
extension Report {
  func json() -> JSONValue {
    func encode(_ results: [String: Any]) -> JSONValue {
      var object = JSONObject()
      for key in results.keys.sorted() {
        switch results[key] {
        case let stats as Stats: object[key] = stats.json
        case let number as Double: object[key] = .number(String(format: "%.2f", number))
        case let number as Int: object[key] = .int(number)
        default: break
        }
      }
      return .object(object)
    }
    var sizesObject = JSONObject()
    for size in sizes {
      var entry = pinned[size].map(encode) ?? .null
      if case .object(var object) = entry, let echo = echoPinned[size] {
        object["echoRoundTrip"] = echo.json
        entry = .object(object)
      }
      sizesObject[String(size)] = entry
    }
    return .object([
      "pinned": .object(sizesObject),
      "unpinned": encode(unpinned),
      "exchange": encode(exchange),
      "reminders": encode(reminders),
      "postgres": postgres.map(encode) ?? .null,
      "replica": replica.map(encode) ?? .null,
      "targets": .array(targets().map { ["pass": .bool($0.pass), "target": .string($0.text)] }),
    ])
  }

  func pad(_ text: String, _ width: Int) -> String {
    text.padding(toLength: max(width, text.count + 1), withPad: " ", startingAt: 0)
  }

  func format(_ value: Any?) -> String {
    switch value {
    case let number as Double: String(format: "%.1f", number)
    case let number as Int: String(number)
    default: "-"
    }
  }
}
