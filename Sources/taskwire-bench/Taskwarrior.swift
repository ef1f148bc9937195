import Foundation

/// Taskwarrior beside taskwire on the same 10k tasks, when `task` is installed: each change as a
/// one-shot `task` process, through taskwire's running server, and through the one-shot shell
/// client (bash, jq and a taskwire process per command).
enum Taskwarrior {
  struct Comparison {
    /// Per operation: (Taskwarrior p50, shell client p50) in microseconds.
    var operations: [(name: String, taskwarrior: Double, shell: Double)]
  }

  static func run(_ arguments: [String], environment: [String: String] = [:]) -> UInt64 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    let start = BenchPipe.now()
    try? process.run()
    process.waitUntilExit()
    return BenchPipe.now() - start
  }

  static func p50(_ runs: Int, _ body: () -> UInt64) -> Double {
    Stats(nanoseconds: (0..<runs).map { _ in body() }).p50
  }

  static func compare(server: URL, root: URL, folder: URL, count: Int) -> Comparison? {
    guard run(["sh", "-c", "command -v task"]) > 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/task") else { return nil }
    let data = folder.appendingPathComponent("taskwarrior")
    try? FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
    let rc = folder.appendingPathComponent("taskrc")
    try? "data.location=\(data.path)\nconfirmation=off\nverbose=nothing\nrecurrence=off\n".write(to: rc, atomically: true, encoding: .utf8)
    let environment = ["TASKRC": rc.path]
    let tasks = (0..<count).map { n in
      #"{"description":"Benchmark task number \#(n)","status":"pending","entry":"20260212T080000Z"\#(n % 10 == 0 ? "" : #","scheduled":"20260\#(2 + n % 2)1\#(n % 9)T000000Z""#)}"#
    }
    let file = folder.appendingPathComponent("import.json")
    try? Data(("[" + tasks.joined(separator: ",") + "]").utf8).write(to: file)
    _ = run(["task", "import", file.path], environment: environment)

    let db = folder.appendingPathComponent("shell.sqlite").path
    try? BenchStore.build(at: db, count: count, server: server, today: "2026-02-12")
    let shell = root.appendingPathComponent("clients/shell/tw").path
    let shellEnvironment = ["TASKWIRE": server.path, "TASKWIRE_DB": db]
    var operations: [(String, Double, Double)] = []
    operations.append((
      "add",
      p50(5) { run(["task", "add", "new task"], environment: environment) },
      p50(5) { run(["bash", shell, "add", "new task"], environment: shellEnvironment) }))
    operations.append((
      "schedule",
      p50(5) { run(["task", "1", "modify", "scheduled:tomorrow"], environment: environment) },
      p50(5) { run(["bash", shell, "sched", "1", "tomorrow"], environment: shellEnvironment) }))
    operations.append((
      "list",
      p50(3) { run(["task", "list"], environment: environment) },
      p50(3) { run(["bash", shell, "ls", "today"], environment: shellEnvironment) }))
    operations.append((
      "undo",
      p50(5) { run(["task", "undo"], environment: environment) },
      p50(5) { run(["bash", shell, "undo"], environment: shellEnvironment) }))
    return Comparison(operations: operations)
  }
}
