import Foundation
import JSON
import TaskwireCore

/// The measured scenarios, each through a real server process over pipes.
struct Scenarios {
  let server: URL
  let iterations: Int
  static let today = "2026-02-12"
  var today: String { Self.today }
  var random = SplitMix(seed: 42)

  init(server: URL, iterations: Int) {
    self.server = server
    self.iterations = iterations
  }

  /// The results for one store size, keyed by figure name.
  /// `idleSeconds`: how long to watch the subscribed server idle (0: not at all).
  mutating func run(size: Int, pinned: Bool, folder: URL, idleSeconds: Double = 0) throws -> [String: Any] {
    let db = folder.appendingPathComponent("bench-\(size)-\(pinned ? "pinned" : "free").sqlite").path
    try BenchStore.build(at: db, count: size, server: server, today: today)
    var results: [String: Any] = [:]
    let args = ["--db", db, "--time-zone", "UTC", "--clock", "\(today)T08:00:00Z"]

    let spawn = BenchPipe.now()
    let pipe = try BenchPipe(server: server, arguments: args, pinned: pinned)
    // As an editor plugin that applies diffs asks: tasks in diffs without their defaults.
    try pipe.request(
      #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"clientInfo":{"name":"bench"},"initializationOptions":{"compactTasks":true}}}"#
    )
    results["coldStartMs"] = Double(BenchPipe.now() - spawn) / 1e6
    results["firstListMs"] =
      Double(try pipe.timed(#"{"jsonrpc":"2.0","id":1,"method":"view/list","params":{"view":"today"}}"#)) / 1e6

    var id = 10
    func next() -> Int {
      id += 1
      return id
    }
    func series(_ count: Int? = nil, _ make: (inout SplitMix) -> String) throws -> Stats {
      var samples: [UInt64] = []
      for _ in 0..<(count ?? iterations) { samples.append(try pipe.timed(make(&random))) }
      return Stats(nanoseconds: samples)
    }
    // Listing a whole view is large (80k tasks in Upcoming at 100k): a tenth of the samples.
    let listings = max(5, iterations / 10)
    let count = size
    results["roundTrip"] = try series { r in
      #"{"jsonrpc":"2.0","id":\#(next()),"method":"task/get","params":{"id":\#(r.next(count) + 1)}}"#
    }
    results["create"] = try series { _ in
      #"{"jsonrpc":"2.0","id":\#(next()),"method":"task/create","params":{"title":"new task","view":"today"}}"#
    }
    results["update"] = try series { r in
      #"{"jsonrpc":"2.0","id":\#(next()),"method":"task/update","params":{"id":\#(r.next(count) + 1),"title":"renamed \#(r.next(1000))"}}"#
    }
    results["move"] = try series { r in Self.move(id: next(), task: r.next(count) + 1, random: &r, size: count) }
    results["schedule"] = try series { r in
      let date = CalendarDate(iso: "2026-02-12")!.adding(days: r.next(60)).description
      return
        #"{"jsonrpc":"2.0","id":\#(next()),"method":"task/schedule","params":{"id":\#(r.next(count) + 1),"date":"\#(date)"}}"#
    }
    // Quick add as a frontend calls it on every keystroke: a 100-character line.
    results["parse"] = try series { r in
      let line =
        "Call the plumber about the kitchen sink #home #urgent-fix !! tomorrow 45m every other week @errand \(r.next(10))"
      return #"{"jsonrpc":"2.0","id":\#(next()),"method":"task/parse","params":{"text":"\#(line)"}}"#
    }
    results["undo"] = try series { _ in #"{"jsonrpc":"2.0","id":\#(next()),"method":"history/undo"}"# }
    // The structure (issue 29): a project opened, a task dragged into one.
    let projects = BenchStore.projectCount(count)
    results["openProject"] = try series(listings) { r in
      let project = BenchStore.projectID(r.next(projects), count: count)
      return
        #"{"jsonrpc":"2.0","id":\#(next()),"method":"view/list","params":{"view":"project","project":\#(project)}}"#
    }
    results["moveIntoProject"] = try series { r in
      let project = BenchStore.projectID(r.next(projects), count: count)
      return
        #"{"jsonrpc":"2.0","id":\#(next()),"method":"task/move","params":{"id":\#(r.next(count) + 1),"view":"project","project":\#(project),"index":\#(r.next(8))}}"#
    }
    results["listToday"] = try series(listings) { _ in
      #"{"jsonrpc":"2.0","id":\#(next()),"method":"view/list","params":{"view":"today"}}"#
    }
    results["listUpcoming"] = try series(listings) { _ in
      #"{"jsonrpc":"2.0","id":\#(next()),"method":"view/list","params":{"view":"upcoming"}}"#
    }
    // Today again, as a client that draws the server's display parts asks (issue 28): every
    // task with its parts, in German (the longer words).
    let drawing = try BenchPipe(server: server, arguments: args, pinned: pinned)
    try drawing.request(
      #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"locale":"de","initializationOptions":{"compactTasks":true,"displayParts":true}}}"#
    )
    var withParts: [UInt64] = []
    for n in 0..<listings {
      withParts.append(
        try drawing.timed(#"{"jsonrpc":"2.0","id":\#(n + 1),"method":"view/list","params":{"view":"today"}}"#))
    }
    results["listTodayWithParts"] = Stats(nanoseconds: withParts)
    drawing.close()

    // Drags inside Today (a tenth of the store), unsubscribed and then subscribed: what an
    // editor, which always subscribes, feels. The drag costs the same whatever Today's length.
    let listed = try JSONParser.parse(
      try pipe.request(#"{"jsonrpc":"2.0","id":\#(next()),"method":"view/list","params":{"view":"today"}}"#))
    let todayIDs = listed["result"]?["groups"]?[0]?["tasks"]?.arrayValue?.compactMap { $0["id"]?.integerValue } ?? []
    func drag(_ r: inout SplitMix) -> String {  // a Today task to a random place in Today
      let task = todayIDs.isEmpty ? 1 : todayIDs[r.next(todayIDs.count)]
      return
        #"{"jsonrpc":"2.0","id":\#(next()),"method":"task/move","params":{"id":\#(task),"view":"today","index":\#(r.next(max(1, todayIDs.count)))}}"#
    }
    // Timed until the notifications are out: a sentinel request follows each drag (its reply
    // comes after them), in both phases alike.
    func timedDrag() throws -> UInt64 {
      let start = BenchPipe.now()
      try pipe.request(drag(&random))
      // A sentinel that costs nothing by itself (tags/list would walk every task).
      try pipe.request(#"{"jsonrpc":"2.0","id":\#(next()),"method":"history/list","params":{"limit":1}}"#)
      pipe.notifications.removeAll()
      return BenchPipe.now() - start
    }
    results["dragToday"] = Stats(nanoseconds: try (0..<iterations).map { _ in try timedDrag() })

    // Three subscriptions, then moves: what each move pushes to a subscriber.
    for view in ["inbox", "today", "upcoming"] {
      try pipe.request(#"{"jsonrpc":"2.0","id":\#(next()),"method":"view/subscribe","params":{"view":"\#(view)"}}"#)
    }
    pipe.notifications.removeAll()
    results["dragTodaySubscribed"] = Stats(nanoseconds: try (0..<iterations).map { _ in try timedDrag() })
    var bytes: [Int] = []
    var operations: [Int] = []
    var moves: [UInt64] = []
    for _ in 0..<iterations {
      let line = Self.move(id: next(), task: random.next(count) + 1, random: &random, size: count)
      moves.append(try pipe.timed(line))
      // The notifications of this move follow its reply: collect them with a cheap sentinel.
      try pipe.request(#"{"jsonrpc":"2.0","id":\#(next()),"method":"tags/list"}"#)
      for note in pipe.notifications {
        bytes.append(note.utf8.count)
        operations.append((try? JSONParser.parse(note))?["params"]?["ops"]?.arrayValue?.count ?? 0)
      }
      pipe.notifications.removeAll()
    }
    results["moveSubscribed"] = Stats(nanoseconds: moves)
    results["diffBytesMax"] = bytes.max() ?? 0
    results["diffOpsMax"] = operations.max() ?? 0
    results["peakRSSMiB"] = pipe.peakMemory

    // Another process on the same file: from its change's request to this server's push.
    let other = try BenchPipe(server: server, arguments: args, pinned: false)
    try other.request(#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{}}"#)
    // Loaded before the timing starts: its first request reads every task.
    try other.request(#"{"jsonrpc":"2.0","id":1,"method":"task/get","params":{"id":1}}"#)
    var pushes: [UInt64] = []
    for n in 0..<min(iterations, 50) {
      let started = BenchPipe.now()
      try other.request(
        #"{"jsonrpc":"2.0","id":\#(next()),"method":"task/create","params":{"title":"pushed \#(n)","view":"inbox"}}"#)
      while !(try pipe.readLine()).contains(#""method":"view/changed""#) {}
      pushes.append(BenchPipe.now() - started)
      usleep(2000)
    }
    results["crossProcess"] = Stats(nanoseconds: pushes)
    other.close()

    // Idle with three subscriptions, as an editor keeps it all day: every thread's context
    // switches over a quiet window, after the housekeeping a second after the last change.
    if idleSeconds > 0 {
      usleep(1_500_000)
      let before = Self.contextSwitches(of: pipe.pid)
      usleep(UInt32(idleSeconds * 1_000_000))
      let after = Self.contextSwitches(of: pipe.pid)
      results["idleWakeupsPerMinute"] = Double(max(0, after - before)) * 60 / idleSeconds
    }
    pipe.close()
    return results
  }

  /// The voluntary and involuntary context switches of every thread of a process.
  static func contextSwitches(of pid: Int32) -> Int {
    let folder = "/proc/\(pid)/task"
    let threads = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return threads.reduce(0) { total, thread in
      let status = (try? String(contentsOfFile: "\(folder)/\(thread)/status", encoding: .utf8)) ?? ""
      return total
        + status.split(separator: "\n").filter { $0.contains("ctxt_switches:") }
        .compactMap { Int($0.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "") }.reduce(0, +)
    }
  }

  /// A move to a random place: inside the task's view or across views, random drop index
  /// within the target's bounds (the end index is always valid; 0 too).
  static func move(id: Int, task: Int, random: inout SplitMix, size: Int) -> String {
    let index = random.next(3) == 0 ? 0 : random.next(8)
    switch random.next(3) {
    case 0:
      return
        #"{"jsonrpc":"2.0","id":\#(id),"method":"task/move","params":{"id":\#(task),"view":"inbox","index":\#(index)}}"#
    case 1:
      return
        #"{"jsonrpc":"2.0","id":\#(id),"method":"task/move","params":{"id":\#(task),"view":"today","index":\#(index)}}"#
    default:
      let date = CalendarDate(iso: "2026-02-12")!.adding(days: 1 + random.next(60)).description
      return
        #"{"jsonrpc":"2.0","id":\#(id),"method":"task/move","params":{"id":\#(task),"view":"upcoming","date":"\#(date)","index":\#(index)}}"#
    }
  }

  /// The same small request through a trivial child that copies stdin to stdout.
  func echoRoundTrip(echo: URL, pinned: Bool) throws -> Stats {
    let pipe = try BenchPipe(server: echo, arguments: [], pinned: pinned)
    defer { pipe.close() }
    var samples: [UInt64] = []
    for n in 0..<iterations {
      samples.append(try pipe.timed(#"{"jsonrpc":"2.0","id":\#(n),"method":"task/get","params":{"id":1}}"#))
    }
    return Stats(nanoseconds: samples)
  }
}

/// A small, fast, seeded random generator, so runs are repeatable.
struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next(_ bound: Int) -> Int {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return Int((z ^ (z >> 31)) % UInt64(bound))
  }
}
