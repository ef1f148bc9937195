import Foundation
import JSON
import TaskwirePostgres
import TaskwireTestSupport
import Testing

/// Devices for the sync tests (issue 31): real servers on their own replica files in a
/// temporary folder (`--db postgresql://… --replica PATH`), syncing through a fresh schema of
/// the test cluster's PostgreSQL, directly or through a `FaultProxy`.
struct SyncDevices {
  /// The sync suites' condition: the test cluster's PostgreSQL over TCP (for the proxies).
  static let needTheCluster: ConditionTrait = .enabled(
    if: ProcessInfo.processInfo.environment["TASKWIRE_TEST_POSTGRES_TCP"] != nil,
    "TASKWIRE_TEST_POSTGRES_TCP is not set: Tests/all.sh starts a cluster")

  let tcp = ProcessInfo.processInfo.environment["TASKWIRE_TEST_POSTGRES_TCP"] ?? ""
  let schema: String
  let folder: URL

  init(prefix: String) throws {
    schema = "\(prefix)_\(UUID().uuidString.prefix(8).lowercased())"
    folder = try temporaryFolder()
  }

  /// The shared store's URL through `port` (PostgreSQL's own, or a proxy's).
  func shared(port: Int? = nil) -> String {
    var url = tcp
    if let port, let colon = url.range(of: ":", options: .backwards),
      let slash = url[colon.upperBound...].firstIndex(of: "/")
    {
      url.replaceSubrange(colon.upperBound..<slash, with: String(port))
    }
    return PostgresConninfo.with(schema: schema, url)
  }

  var postgresPort: Int {
    let afterColon = tcp.split(separator: ":").last ?? ""
    return Int(afterColon.prefix { $0.isNumber }) ?? 0
  }

  func device(_ name: String, _ id: String, port: Int? = nil, extra: [String] = []) throws -> TaskwireProcess {
    let path = folder.appendingPathComponent("\(name).sqlite").path
    return try TaskwireProcess.started(["--db", shared(port: port), "--replica", path, "--device-id", id] + extra)
  }

  func status(_ device: TaskwireProcess) throws -> JSONValue { try device.result("sync/status") }

  /// Waits (at most `seconds`, looking every 50 ms) until `condition` holds.
  func eventually(_ seconds: Double = 20, _ condition: () throws -> Bool) throws -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if try condition() { return true }
      usleep(50_000)
    }
    return try condition()
  }

  /// The inbox as "uuid title notes" lines, in order.
  func inbox(_ device: TaskwireProcess) throws -> [String] {
    let groups = try device.result("view/list", ["view": "inbox"])["groups"]?.arrayValue ?? []
    return groups.flatMap { $0["tasks"]?.arrayValue ?? [] }.map {
      "\($0["uuid"]?.stringValue ?? "?") \($0["title"]?.stringValue ?? "?") \($0["notes"]?.stringValue ?? "")"
    }
  }

  func dropSchema() { try? PostgresStorage.administer(tcp) { "DROP SCHEMA IF EXISTS \"\(schema)\" CASCADE" } }

  /// What a person sees in every list, by uuid (ids are per device): "view: uuid title notes
  /// date" lines, in each list's order.
  func views(_ device: TaskwireProcess) throws -> [String] {
    try ["inbox", "today", "upcoming", "anytime", "logbook"].flatMap { view in
      let groups = try device.result("view/list", ["view": .string(view)])["groups"]?.arrayValue ?? []
      return groups.flatMap { group in
        (group["tasks"]?.arrayValue ?? []).map {
          "\(view): \($0["uuid"]?.stringValue ?? "?") \($0["title"]?.stringValue ?? "?") "
            + "\($0["notes"]?.stringValue ?? "") \($0["scheduledDate"]?.stringValue ?? "")"
        }
      }
    }
  }

  /// Each task's id on this device, by title ("title: id"), over every list, sorted.
  func ids(_ device: TaskwireProcess) throws -> [String] {
    try ["inbox", "today", "upcoming", "anytime", "logbook"].flatMap { view in
      let groups = try device.result("view/list", ["view": .string(view)])["groups"]?.arrayValue ?? []
      return groups.flatMap { ($0["tasks"]?.arrayValue ?? []) }.map {
        "\($0["title"]?.stringValue ?? "?"): \($0["id"]?.integerValue ?? -1)"
      }
    }.sorted()
  }

  /// Whether these devices have sent everything and merged the log as far as each other.
  func settled(_ all: [TaskwireProcess]) throws -> Bool {
    let states = try all.map { try status($0) }
    return states.allSatisfy { $0["unsent"] == 0 && $0["online"] == true }
      && Set(states.map { $0["seen"]?.integerValue ?? -1 }).count == 1
  }
}
