import Foundation
import JSON

/// The benchmark's results: a table for people, JSON for tracking, and a pass or fall-short
/// line per target.
struct Report {
  let sizes: [Int]
  var pinned: [Int: [String: Any]] = [:]
  var echoPinned: [Int: Stats] = [:]
  var unpinned: [String: Any] = [:]
  var echoUnpinned: Stats? = nil
  /// One raw SQLite WAL commit (`CommitFloor`): with the echo child's round trip, the floor.
  var commit: Stats? = nil
  var taskwarrior: Taskwarrior.Comparison? = nil
  /// The PostgreSQL store's figures (`--postgres URL`), at `postgresSize` tasks.
  var postgres: [String: Any]? = nil
  var postgresSize = 0
  /// Devices on replicas of the PostgreSQL store (`ReplicaScenarios`), at `postgresSize` tasks.
  var replica: [String: Any]? = nil
  /// `taskwire import` and `taskwire export` (ExchangeScenarios).
  var exchange: [String: Any] = [:]
  /// Reminders (ReminderScenarios), measured once.
  var reminders: [String: Any] = [:]

  static let latencyFigures = [
    "roundTrip", "create", "update", "move", "schedule", "parse", "undo", "listToday", "listTodayWithParts",
    "listUpcoming",
    "moveSubscribed",
    "dragToday", "dragTodaySubscribed", "crossProcess", "openProject", "moveIntoProject",
  ]

  func stats(_ results: [String: Any], _ name: String) -> Stats? { results[name] as? Stats }

  /// The running server's figure for each command of the Taskwarrior comparison.
  static let serverFigure = [
    "add": "create", "schedule": "schedule", "ls today": "listToday", "mv": "move", "undo": "undo", "done": "update",
  ]

  func table(withTargets: Bool = true) -> String {
    var lines = [
      "figure (µs)            " + sizes.map { pad("\($0) tasks: p50 / p99 / max", 36) }.joined() + "unpinned p50"
    ]
    for name in Self.latencyFigures {
      var line = pad(name, 23)
      for size in sizes {
        let s = stats(pinned[size] ?? [:], name)
        line += pad(s.map { String(format: "%9.1f / %9.1f / %9.1f", $0.p50, $0.p99, $0.max) } ?? "-", 36)
      }
      line += stats(unpinned, name).map { String(format: "%9.1f", $0.p50) } ?? "-"
      lines.append(line)
    }
    var echoLine = pad("echo child round trip", 23)
    for size in sizes {
      echoLine += pad(
        echoPinned[size].map { String(format: "%9.1f / %9.1f / %9.1f", $0.p50, $0.p99, $0.max) } ?? "-", 36)
    }
    lines.append(echoLine + (echoUnpinned.map { String(format: "%9.1f", $0.p50) } ?? "-"))
    if let commit {
      lines.append(
        pad("one SQLite WAL commit", 23) + String(format: "%9.1f / %9.1f / %9.1f", commit.p50, commit.p99, commit.max))
    }
    for name in ["coldStartMs", "firstListMs", "peakRSSMiB", "diffBytesMax", "diffOpsMax", "idleWakeupsPerMinute"] {
      lines.append(
        pad(name, 23) + sizes.map { pad("\(format(pinned[$0]?[name]))", 36) }.joined() + format(unpinned[name]))
    }
    if let taskwarrior {
      lines.append("")
      lines.append(
        "vs Taskwarrior (p50 of \(Taskwarrior.runs) runs)   task      tw          ×faster   tw, own process  taskwire server  ×faster"
      )
      for size in taskwarrior.operations.keys.sorted() {
        for operation in taskwarrior.operations[size] ?? [] {
          let ours = Self.serverFigure[operation.name].flatMap { stats(pinned[size] ?? [:], $0)?.p50 }
          lines.append(
            pad("\(operation.name), \(size) tasks", 27)
              + pad(String(format: "%7.1f ms", operation.taskwarrior / 1000), 12)
              + pad(String(format: "%7.1f ms", operation.shell / 1000), 12)
              + pad(String(format: "%6.1f×", operation.taskwarrior / max(operation.shell, 0.001)), 10)
              + pad(String(format: "%7.1f ms", operation.oneProcess / 1000), 17)
              + (ours.map { String(format: "%9.1f µs  %7.0f×", $0, operation.taskwarrior / max($0, 0.001)) } ?? "-"))
        }
      }
    } else {
      lines.append("Taskwarrior not installed (apt-get install taskwarrior): comparison skipped")
    }
    if let postgres {
      lines.append("")
      lines.append("PostgreSQL store, \(postgresSize) tasks (local, Unix socket)   p50 / p99 / max")
      for name in ["move", "schedule", "crossServer"] {
        let s = stats(postgres, name)
        lines.append(
          pad(name == "crossServer" ? "another server hears" : name, 23)
            + (s.map { String(format: "%9.1f / %9.1f / %9.1f µs", $0.p50, $0.p99, $0.max) } ?? "-"))
      }
      lines.append(pad("firstListMs", 23) + format(postgres["firstListMs"]))
    }
    lines += replicaLines()
    if let count = exchange["importCount"] as? Int {
      lines.append("")
      lines.append("import and export (taskwire import / export, the whole command)")
      lines.append(pad("import \(count) Taskwarrior tasks", 34) + format(exchange["importMs"]) + " ms (median of 3)")
      for size in sizes where exchange["export\(size)Ms"] != nil {
        lines.append(
          pad("export \(size) tasks", 34) + format(exchange["export\(size)Ms"]) + " ms (median of 3), peak RSS "
            + format(exchange["export\(size)RSSMiB"]) + " MiB")
      }
    }
    if !reminders.isEmpty {
      lines.append("")
      lines.append("reminders")
      if let late = reminders["reminderLateness"] as? Stats {
        lines.append(
          pad("fire lateness", 34)
            + String(format: "%.1f / %.1f / %.1f ms", late.p50 / 1000, late.p99 / 1000, late.max / 1000))
      }
      lines.append(pad("idle wakeups a minute", 34) + format(reminders["reminderIdleWakeupsPerMinute"]))
      if let drag = reminders["dragTimedToday"] as? Stats {
        lines.append(
          pad("drag in a timed Today", 34) + String(format: "%.1f / %.1f / %.1f µs", drag.p50, drag.p99, drag.max))
      }
    }
    if withTargets {
      lines.append("")
      lines += targets().map { ($0.pass ? "pass        " : "falls short ") + $0.text }
    }
    return lines.joined(separator: "\n")
  }

  func targets() -> [(pass: Bool, text: String)] {
    var results: [(Bool, String)] = []
    guard let small = sizes.first, let large = sizes.last, let big = pinned[large], let little = pinned[small] else {
      return []
    }
    if let ours = stats(big, "roundTrip"), let echo = echoPinned[large] {
      results.append(
        (
          ours.p50 <= 2 * echo.p50,
          String(format: "small round trip %.1f µs ≤ 2 × echo child %.1f µs", ours.p50, echo.p50)
        ))
    }
    for name in ["move", "schedule"] {
      if let s = stats(big, name), let base = stats(little, name) {
        results.append((s.p50 <= 100, String(format: "%@ at %d: p50 %.1f µs ≤ 100 µs", name, large, s.p50)))
        results.append((s.p99 <= 1000, String(format: "%@ at %d: p99 %.1f µs ≤ 1 ms", name, large, s.p99)))
        results.append(
          (
            s.p50 <= 1.5 * base.p50,
            String(format: "%@ flat: p50 at %d %.1f µs ≤ 1.5 × p50 at %d %.1f µs", name, large, s.p50, small, base.p50)
          ))
      }
    }
    // The physical floor of a change, measured in this run: the pipe's round trip plus one
    // SQLite WAL commit; every change aims to stay within 3× of it.
    if let echo = echoPinned[large], let commit {
      let floor = echo.p50 + commit.p50
      for name in ["create", "update", "move", "schedule", "undo"] {
        guard let s = stats(big, name) else { continue }
        results.append(
          (
            s.p50 <= 3 * floor,
            String(
              format: "%@ at %d: p50 %.1f µs ≤ 3 × floor %.1f µs (round trip %.1f + commit %.1f)", name, large, s.p50,
              floor, echo.p50, commit.p50)
          ))
      }
    }
    // Issue 29: the structure at scale (the store's tasks in projects: BenchStore).
    if let open = stats(big, "openProject") {
      results.append(
        (
          open.p50 <= 5000,
          String(format: "open a project view at %d tasks: p50 %.2f ms ≤ 5 ms", large, open.p50 / 1000)
        ))
    }
    if let s = stats(big, "moveIntoProject"), let base = stats(little, "moveIntoProject") {
      results.append((s.p50 <= 100, String(format: "a move into a project at %d: p50 %.1f µs ≤ 100 µs", large, s.p50)))
      results.append(
        (
          s.p50 <= 1.5 * base.p50,
          String(
            format: "a move into a project flat: p50 at %d %.1f µs ≤ 1.5 × p50 at %d %.1f µs", large, s.p50, small,
            base.p50)
        ))
    }
    for name in ["create", "update", "undo"] {
      if let s = stats(big, name) {
        results.append((s.p99 <= 1000, String(format: "%@ at %d: p99 %.1f µs ≤ 1 ms", name, large, s.p99)))
      }
    }
    if let push = stats(big, "crossProcess") {
      results.append(
        (
          push.p50 <= 10_000,
          String(
            format: "another process's change reaches a subscriber (same file): p50 %.2f ms ≤ 10 ms", push.p50 / 1000)
        ))
    }
    if let first = big["firstListMs"] as? Double {
      results.append(
        (first <= 100, String(format: "startup to the first view/list at %d tasks: %.1f ms ≤ 100 ms", large, first)))
    }
    if let wakeups = big["idleWakeupsPerMinute"] as? Double {
      results.append(
        (wakeups <= 1, String(format: "idle with 3 subscriptions: %.0f wakeups a minute ≤ 1", wakeups)))
    }
    if let plain = stats(big, "dragToday"), let subscribed = stats(big, "dragTodaySubscribed") {
      results.append(
        (
          subscribed.p50 <= 1.5 * plain.p50,
          String(
            format: "a drag inside Today (%d tasks) with 3 subscriptions: p50 %.1f µs ≤ 1.5 × unsubscribed %.1f µs",
            large / 10, subscribed.p50, plain.p50)
        ))
    }
    if let parse = stats(big, "parse") {
      results.append(
        (
          parse.p99 <= 200,
          String(format: "task/parse of a 100-character line: p99 %.1f µs ≤ 200 µs (round trip)", parse.p99)
        ))
    }
    if let postgres {
      for name in ["move", "schedule"] {
        if let s = stats(postgres, name) {
          results.append(
            (
              s.p50 <= 1000 && s.p99 <= 5000,
              String(
                format: "PostgreSQL %@ at %d: p50 %.1f µs ≤ 1 ms, p99 %.1f µs ≤ 5 ms", name, postgresSize, s.p50, s.p99)
            ))
        }
      }
      if let s = stats(postgres, "crossServer") {
        results.append(
          (
            s.p50 <= 10_000,
            String(format: "PostgreSQL: another server's subscriber hears a change, p50 %.1f ms ≤ 10 ms", s.p50 / 1000)
          ))
      }
      results += replicaTargets()
      if let first = postgres["firstListMs"] as? Double {
        results.append(
          (
            first <= 150,
            String(format: "PostgreSQL: startup to first view/list %.1f ms ≤ 150 ms at %d tasks", first, postgresSize)
          ))
      }
    }
    if let list = stats(big, "listToday") {
      results.append(
        (
          list.p50 <= 20_000,
          String(format: "view/list Today (%d tasks) p50 %.1f ms ≤ 20 ms", large / 10, list.p50 / 1000)
        ))
    }
    if let list = stats(big, "listTodayWithParts") {
      results.append(
        (
          list.p50 <= 20_000,
          String(
            format: "view/list Today (%d tasks) with display parts p50 %.1f ms ≤ 20 ms", large / 10, list.p50 / 1000)
        ))
    }
    let bytes = sizes.compactMap { pinned[$0]?["diffBytesMax"] as? Int }.max() ?? 0
    let operations = sizes.compactMap { pinned[$0]?["diffOpsMax"] as? Int }.max() ?? 0
    results.append(
      (
        bytes <= 512 && operations <= 4,
        "a move's diff: at most \(bytes) bytes ≤ 512 and \(operations) ops ≤ 4 at every size"
      ))
    if let cold = little["coldStartMs"] as? Double {
      results.append((cold <= 15, String(format: "cold start %.1f ms ≤ 15 ms (store of %d)", cold, small)))
    }
    if let rss = big["peakRSSMiB"] as? Double {
      results.append(
        (rss <= 64, String(format: "peak RSS %.1f MiB ≤ 64 MB at %d tasks with 3 subscriptions", rss, large)))
    }
    if let count = exchange["importCount"] as? Int, let ms = exchange["importMs"] as? Double {
      let imported = exchange["importedTasks"] as? Int ?? 0
      results.append(
        (
          ms <= 1000 && imported == count,
          String(format: "import %d Taskwarrior tasks in %.0f ms ≤ 1 s (%d imported)", count, ms, imported)
        ))
    }
    if let ms = exchange["export\(large)Ms"] as? Double {
      results.append((ms <= 2000, String(format: "export %d tasks in %.0f ms ≤ 2 s", large, ms)))
    }
    if large != small, let big = exchange["export\(large)RSSMiB"] as? Double,
      let base = exchange["export\(small)RSSMiB"] as? Double
    {
      results.append(
        (
          big <= 1.5 * base,
          String(format: "export streams: peak RSS %.1f MiB at %d ≤ 1.5 × %.1f MiB at %d", big, large, base, small)
        ))
    }
    if let late = reminders["reminderLateness"] as? Stats {
      results.append(
        (
          late.p99 <= 50_000,
          String(format: "a reminder fires on time: lateness p99 %.1f ms ≤ 50 ms (real clock)", late.p99 / 1000)
        ))
    }
    if let wakeups = reminders["reminderIdleWakeupsPerMinute"] as? Double {
      results.append(
        (
          wakeups <= 1,
          String(format: "idle with reminders hours away and 3 subscriptions: %.0f wakeups a minute ≤ 1", wakeups)
        ))
    }
    if let drag = reminders["dragTimedToday"] as? Stats {
      results.append(
        (
          drag.p50 <= 100,
          String(format: "a move in a Today of 1,000 timed tasks with reminders: p50 %.1f µs ≤ 100 µs", drag.p50)
        ))
    }
    if let taskwarrior, let first = taskwarrior.operations.keys.min(), let last = taskwarrior.operations.keys.max() {
      // At the small store every tw command is held to Taskwarrior's quickest one, `task add`.
      if let add = taskwarrior.operations[first]?.first(where: { $0.name == "add" }) {
        for operation in taskwarrior.operations[first] ?? [] {
          results.append(
            (
              operation.shell <= 1.5 * add.taskwarrior,
              String(
                format: "tw %@ at %d tasks: %.1f ms ≤ 1.5 × task add's %.1f ms", operation.name, first,
                operation.shell / 1000, add.taskwarrior / 1000)
            ))
        }
      }
      for operation in taskwarrior.operations[last] ?? [] {
        results.append(
          (
            operation.taskwarrior / operation.shell >= 3,
            String(
              format: "tw %@ at %d tasks: %.1f× faster than Taskwarrior (≥ 3×)", operation.name, last,
              operation.taskwarrior / operation.shell)
          ))
        // (The 1000× target through the running server is retired: the floor targets above
        // judge a change. The ratio stays in the table.)
      }
    }
    return results
  }
}
