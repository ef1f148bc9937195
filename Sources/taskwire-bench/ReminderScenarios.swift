import Foundation
import JSON

/// Reminders (issue 30), each through a real server: how late a reminder comes against the real
/// clock, whether a server with reminders hours away stays asleep, and a drag in a Today of
/// timed tasks with reminders while the session shows reminders.
enum ReminderScenarios {
  /// `realClock`: false leaves out the firing against the real clock (up to a minute's wait for
  /// the next minute; the smoke run, which the test command runs, and whose end-to-end tests
  /// fire one at the minute already).
  static func run(server: URL, iterations: Int, idleSeconds: Double, folder: URL, realClock: Bool = true) throws
    -> [String: Any]
  {
    var results: [String: Any] = [:]
    if realClock { results["reminderLateness"] = try lateness(server: server, count: 20) }
    results["reminderIdleWakeupsPerMinute"] = try idleWakeups(server: server, seconds: idleSeconds)
    results["dragTimedToday"] = try dragTimedToday(
      server: server, iterations: iterations, count: 1000, store: folder.appendingPathComponent("timed.sqlite").path)
    return results
  }

  static func initialize(_ pipe: BenchPipe) throws {
    try pipe.request(
      #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"initializationOptions":{"reminders":true,"compactTasks":true}}}"#
    )
  }

  /// `count` reminders at the next minute at least 3 s away (a reminder is a wall time to the
  /// minute), on the real clock: each one's arrival after that minute (up to a minute's wait).
  static func lateness(server: URL, count: Int) throws -> Stats {
    let pipe = try BenchPipe(server: server, arguments: ["--memory", "--time-zone", "UTC"], pinned: false)
    defer { pipe.close() }
    try initialize(pipe)
    let now = Date().timeIntervalSince1970
    var minute = (now / 60).rounded(.up) * 60
    if minute - now < 3 { minute += 60 }
    let formatter = ISO8601DateFormatter()
    let wall = String(formatter.string(from: Date(timeIntervalSince1970: minute)).prefix(16))
    for n in 0..<count {
      try pipe.request(
        #"{"jsonrpc":"2.0","id":\#(n + 1),"method":"task/create","params":{"title":"remind \#(n)","reminders":[{"at":"\#(wall)"}]}}"#
      )
    }
    var late: [UInt64] = []
    pipe.notifications.removeAll()
    while late.count < count {
      let line = try pipe.readLine()
      guard line.contains(#""method":"reminder""#) else { continue }
      let delay = Date().timeIntervalSince1970 - minute
      late.append(UInt64(max(0, delay) * 1e9))
    }
    return Stats(nanoseconds: late)
  }

  /// Context switches of a server whose reminders are hours away, with three subscriptions,
  /// over a quiet window after its housekeeping.
  static func idleWakeups(server: URL, seconds: Double) throws -> Double {
    let pipe = try BenchPipe(server: server, arguments: ["--memory", "--time-zone", "UTC"], pinned: false)
    defer { pipe.close() }
    try initialize(pipe)
    let later = ISO8601DateFormatter().string(from: Date().addingTimeInterval(3 * 3600)).prefix(16)
    for n in 0..<100 {
      try pipe.request(
        #"{"jsonrpc":"2.0","id":\#(n + 1),"method":"task/create","params":{"title":"later \#(n)","view":"today","reminders":[{"at":"\#(later)"}]}}"#
      )
    }
    for (n, view) in ["inbox", "today", "upcoming"].enumerated() {
      try pipe.request(#"{"jsonrpc":"2.0","id":\#(200 + n),"method":"view/subscribe","params":{"view":"\#(view)"}}"#)
    }
    usleep(1_500_000)
    let before = Scenarios.contextSwitches(of: pipe.pid)
    usleep(UInt32(seconds * 1_000_000))
    let after = Scenarios.contextSwitches(of: pipe.pid)
    return Double(max(0, after - before)) * 60 / seconds
  }

  /// A Today of `count` tasks each with a time and a reminder, in a session that shows
  /// reminders, on a store file: drags to random places in it.
  static func dragTimedToday(server: URL, iterations: Int, count: Int, store: String) throws -> Stats {
    // Pinned with the benchmark on one CPU, as the rounds' figures are (the unpinned run's
    // cross-CPU wake-ups cost more than the drag).
    try Affinity.whileThisThreadRuns(on: [0]) {
      try timedDrags(server: server, iterations: iterations, count: count, store: store)
    }
  }

  static func timedDrags(server: URL, iterations: Int, count: Int, store: String) throws -> Stats {
    let args = ["--db", store, "--time-zone", "UTC", "--clock", "\(Scenarios.today)T06:00:00Z"]
    let pipe = try BenchPipe(server: server, arguments: args, pinned: true)
    defer { pipe.close() }
    try initialize(pipe)
    var id = 1
    for n in 0..<count {
      let time = String(format: "%02d:%02d", 8 + n % 14, n % 60)
      id += 1
      try pipe.request(
        #"{"jsonrpc":"2.0","id":\#(id),"method":"task/create","params":{"title":"timed \#(n)","view":"today","scheduledTime":"\#(time)","reminders":[{"before":15}]}}"#
      )
    }
    var random = SplitMix(seed: 7)
    var samples: [UInt64] = []
    for _ in 0..<iterations {
      id += 1
      let task = random.next(count) + 1
      samples.append(
        try pipe.timed(
          #"{"jsonrpc":"2.0","id":\#(id),"method":"task/move","params":{"id":\#(task),"view":"today","index":\#(random.next(count))}}"#
        ))
    }
    return Stats(nanoseconds: samples)
  }
}
