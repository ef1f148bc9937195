import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Taskwarrior beside taskwire on the same tasks, when `task` is installed: each command as a
/// one-shot `task` process and as a one-shot shell client (`tw`: bash, one jq, one taskwire per
/// command), both on a store of each size; the running server's figures come from the latency
/// scenarios.
enum Taskwarrior {
  /// One command both ways, p50 of `runs` process runs each, in microseconds.
  struct Operation {
    var name: String
    var taskwarrior: Double
    /// `tw` as people run it: through the store's resident server.
    var shell: Double
    /// `tw` with `TW_RESIDENT=0`: a server process of its own per command.
    var oneProcess: Double
  }

  struct Comparison {
    /// Per store size, the commands in a fixed order.
    var operations: [Int: [Operation]]
  }

  static let runs = 7

  /// Runs a command with its output on /dev/null and returns how long it took, from spawn to
  /// reaped exit (waitpid, not Foundation's `Process`, whose wait is quantized by a run loop).
  static func run(_ arguments: [String], environment: [String: String] = [:]) -> UInt64 {
    spawn(arguments, environment: environment)?.nanoseconds ?? 0
  }

  /// How long a command took and its wait status; nil when it could not be started.
  static func spawn(_ arguments: [String], environment: [String: String] = [:]) -> (nanoseconds: UInt64, status: Int32)?
  {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let merged = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    var pid: pid_t = 0
    let start = BenchPipe.now()
    guard posix_spawnp(&pid, arguments[0], &actions, nil, argv, envp) == 0 else { return nil }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    return (BenchPipe.now() - start, status)
  }

  static func p50(_ body: (Int) -> UInt64) -> Double {
    Stats(nanoseconds: (0..<runs).map { body($0) }).p50
  }

  static var installed: Bool { spawn(["task", "--version"])?.status == 0 }

  /// One comparison per round (nil without Taskwarrior): the stores are made once per size,
  /// and every round times every command on them again.
  static func compare(server: URL, root: URL, folder: URL, sizes: [Int], today: String, rounds: Int) -> [Comparison]? {
    guard installed else { return nil }
    var comparisons = Array(repeating: Comparison(operations: [:]), count: rounds)
    for count in sizes {
      FileHandle.standardError.write(Data("taskwire-bench: Taskwarrior and tw, \(count) tasks…\n".utf8))
      let perRound = compare(server: server, root: root, folder: folder, count: count, today: today, rounds: rounds)
      for round in 0..<rounds { comparisons[round].operations[count] = perRound[round] }
    }
    return comparisons
  }

  /// The same commands on `count` tasks: add, ls today, mv (Taskwarrior has no manual order: a
  /// modify of the scheduled date stands in), schedule, done, undo; per round.
  static func compare(server: URL, root: URL, folder: URL, count: Int, today: String, rounds: Int) -> [[Operation]] {
    let data = folder.appendingPathComponent("taskwarrior-\(count)")
    try? FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
    let rc = folder.appendingPathComponent("taskrc-\(count)")
    // gc=off keeps the ids still, so that `done` can take the next id each run.
    try? "data.location=\(data.path)\nconfirmation=off\nverbose=nothing\nrecurrence=off\ngc=off\n"
      .write(to: rc, atomically: true, encoding: .utf8)
    let environment = ["TASKRC": rc.path]
    let compact = today.replacingOccurrences(of: "-", with: "")
    let tasks = (0..<count).map { n in
      let scheduled = n % 10 == 0 ? "" : #","scheduled":"\#(n % 10 == 1 ? compact : "20261231")T000000Z""#
      return
        #"{"description":"Benchmark task number \#(n)","status":"pending","entry":"20260212T080000Z"\#(scheduled)}"#
    }
    let file = folder.appendingPathComponent("import-\(count).json")
    try? Data(("[" + tasks.joined(separator: ",") + "]").utf8).write(to: file)
    _ = run(["task", "import", file.path], environment: environment)

    let db = folder.appendingPathComponent("shell-\(count).sqlite").path
    try? BenchStore.build(at: db, count: count, server: server, today: today)
    let shell = root.appendingPathComponent("clients/shell/tw").path
    let tw = ["TASKWIRE": server.path, "TASKWIRE_DB": db, "NO_COLOR": "1"]
    func task(_ arguments: [String]) -> UInt64 { run(["task"] + arguments, environment: environment) }
    func shellClient(_ arguments: [String]) -> UInt64 { run(["bash", shell] + arguments, environment: tw) }
    func oneProcess(_ arguments: [String]) -> UInt64 {
      run(["bash", shell] + arguments, environment: tw.merging(["TW_RESIDENT": "0"]) { $1 })
    }
    // The first command starts the resident server; the timed ones find it loaded.
    _ = shellClient(["ls", "inbox"])
    waitForResidentServer(store: db)
    defer { stopResidentServer(store: db) }
    // Ids 2, 12, 22… are Today's tasks in both stores (every tenth from the second); done takes
    // ids 22, 32, … in Taskwarrior and tw, and 322, 332, … in tw's own-process runs.
    return (0..<rounds).map { round in operations(round) }
    func operations(_ round: Int) -> [Operation] {
      let first = 22 + 10 * runs * round
      return [
        Operation(
          name: "add", taskwarrior: p50 { _ in task(["add", "new task"]) },
          shell: p50 { _ in shellClient(["add", "new task"]) },
          oneProcess: p50 { _ in oneProcess(["add", "new task"]) }),
        Operation(
          name: "ls today", taskwarrior: p50 { _ in task(["list"]) }, shell: p50 { _ in shellClient(["ls", "today"]) },
          oneProcess: p50 { _ in oneProcess(["ls", "today"]) }),
        Operation(
          name: "mv", taskwarrior: p50 { _ in task(["2", "modify", "scheduled:tomorrow"]) },
          shell: p50 { _ in shellClient(["mv", "12", "today", "0"]) },
          oneProcess: p50 { _ in oneProcess(["mv", "12", "today", "0"]) }),
        Operation(
          name: "schedule", taskwarrior: p50 { _ in task(["3", "modify", "scheduled:tomorrow"]) },
          shell: p50 { _ in shellClient(["sched", "3", "tomorrow"]) },
          oneProcess: p50 { _ in oneProcess(["sched", "3", "tomorrow"]) }),
        Operation(
          name: "done", taskwarrior: p50 { run in task(["\(first + 10 * run)", "done"]) },
          shell: p50 { run in shellClient(["done", "\(first + 10 * run)"]) },
          oneProcess: p50 { run in oneProcess(["done", "\(first + 300 + 10 * run)"]) }),
        Operation(
          name: "undo", taskwarrior: p50 { _ in task(["undo"]) }, shell: p50 { _ in shellClient(["undo"]) },
          oneProcess: p50 { _ in oneProcess(["undo"]) }),
      ]
    }
  }

  /// Waits (up to 5 s) for the resident server's file beside the store.
  static func waitForResidentServer(store: String) {
    for _ in 0..<500 where !FileManager.default.fileExists(atPath: store + ".server") { usleep(10_000) }
  }

  static func stopResidentServer(store: String) {
    // The file's fourth field: PORT CLIENT_TOKEN SERVER_TOKEN PID ZONE.
    guard let line = try? String(contentsOfFile: store + ".server", encoding: .utf8) else { return }
    let fields = line.split(separator: " ")
    guard fields.count >= 4, let pid = Int32(fields[3]) else { return }
    kill(pid, SIGTERM)
  }
}
