import Foundation
import JSON

/// Import and export through the real binary (`taskwire import`, `taskwire export`): wall time
/// of the whole command, and the export's peak memory at two store sizes, whose ratio says
/// whether memory grows with the export (it is streamed: it should not).
enum ExchangeScenarios {
  /// `importCount` Taskwarrior records imported into a new store; `exportSizes` stores exported.
  static func run(server: URL, folder: URL, importCount: Int, exportSizes: [Int], today: String) throws -> [String: Any]
  {
    var results: [String: Any] = [:]
    let file = folder.appendingPathComponent("taskwarrior-\(importCount).json")
    try Data(taskwarriorExport(count: importCount)).write(to: file)
    var importTimes: [UInt64] = []
    for round in 0..<3 {
      let store = folder.appendingPathComponent("import-\(round).sqlite").path
      importTimes.append(Taskwarrior.run([server.path, "import", "--db", store, file.path]))
      results["importedTasks"] = try countTasks(server: server, store: store)
    }
    results["importMs"] = Stats(nanoseconds: importTimes).p50 / 1000
    results["importCount"] = importCount
    for size in exportSizes {
      let store = folder.appendingPathComponent("export-\(size).sqlite").path
      try BenchStore.build(at: store, count: size, server: server, today: today)
      let command = ["sh", "-c", "\"$0\" export --completed --db \"$1\" > /dev/null", server.path, store]
      results["export\(size)Ms"] = Stats(nanoseconds: (0..<3).map { _ in Taskwarrior.run(command) }).p50 / 1000
      if let rss = peakRSSKiB([server.path, "export", "--completed", "--db", store]) {
        results["export\(size)RSSMiB"] = Double(rss) / 1024
      }
    }
    return results
  }

  /// A Taskwarrior export as `task export` writes it: varied fields, a fifth completed.
  static func taskwarriorExport(count: Int) -> [UInt8] {
    var writer = JSONWriter()
    writer.append(raw: "[")
    for n in 0..<count {
      var record: JSONObject = [
        "uuid": .string(String(format: "%08x-0000-4000-8000-%012x", n, n)),
        "description": .string("Imported task number \(n)"), "status": .string(n % 5 == 0 ? "completed" : "pending"),
        "entry": "20261101T100000Z", "modified": "20261102T100000Z", "tags": ["work", .string("t\(n % 7)")],
        "urgency": .number("3.2"),
      ]
      if n % 3 == 0 { record["scheduled"] = .string(String(format: "202611%02dT230000Z", 1 + n % 28)) }
      if n % 4 == 0 { record["due"] = .string(String(format: "202612%02dT230000Z", 1 + n % 28)) }
      if n % 2 == 0 { record["priority"] = .string(["H", "M", "L"][n % 3]) }
      if n % 5 == 0 { record["end"] = "20261103T100000Z" }
      if n % 10 == 0 { record["annotations"] = [["entry": "20261102T100000Z", "description": .string("note \(n)")]] }
      if n > 0 { writer.append(raw: ",\n") }
      writer.write(.object(record))
    }
    writer.append(raw: "]\n")
    return writer.bytes
  }

  static func countTasks(server: URL, store: String) throws -> Int {
    let output = folder(of: store) + "/count.json"
    _ = Taskwarrior.run(["sh", "-c", "\"$0\" export --completed --db \"$1\" > \"$2\"", server.path, store, output])
    let document = try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: output))))
    return document["tasks"]?.arrayValue?.count ?? 0
  }

  static func folder(of path: String) -> String { (path as NSString).deletingLastPathComponent }

  /// The peak resident memory of a command, read by python3's getrusage of its only child
  /// (nil without python3).
  static func peakRSSKiB(_ command: [String]) -> Int? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments =
      [
        "python3", "-c",
        "import resource, subprocess, sys; subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL); print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)",
      ] + command
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return nil }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Int(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
  }
}
