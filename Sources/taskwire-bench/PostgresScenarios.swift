import Foundation
import TaskwireCore
import TaskwirePostgres
import TaskwireStore

/// The PostgreSQL store's figures, beside SQLite's in the same run (`--postgres URL`): a store
/// of `size` tasks in a fresh schema, then startup to the first view/list, moves and date picks
/// including their commit, and how soon another server's subscriber hears of a change.
struct PostgresScenarios {
  let server: URL
  let iterations: Int
  let conninfo: String

  func run(size: Int) throws -> [String: Any] {
    let schema = "bench_\(getpid())"
    let url = PostgresConninfo.with(schema: schema, conninfo)
    defer { try? PostgresStorage.administer(conninfo) { "DROP SCHEMA IF EXISTS \"\(schema)\" CASCADE" } }
    let storage = try PostgresStorage(conninfo: url)
    try storage.write { txn in try txn.writeRows(BenchStore.tasks(count: size, today: "2026-02-12")) }
    storage.close()
    var results: [String: Any] = [:]
    let args = ["--db", url, "--time-zone", "UTC", "--clock", "2026-02-12T08:00:00Z"]
    let spawn = BenchPipe.now()
    let pipe = try BenchPipe(server: server, arguments: args, pinned: false)
    try pipe.request(#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{}}"#)
    _ = try pipe.request(#"{"jsonrpc":"2.0","id":1,"method":"view/list","params":{"view":"today"}}"#)
    results["firstListMs"] = Double(BenchPipe.now() - spawn) / 1e6
    var random = SplitMix(seed: 7)
    var id = 10
    func series(_ make: (inout SplitMix) -> String) throws -> Stats {
      Stats(nanoseconds: try (0..<iterations).map { _ in try pipe.timed(make(&random)) })
    }
    results["move"] = try series { r in
      id += 1
      return Scenarios.move(id: id, task: r.next(size) + 1, random: &r, size: size)
    }
    results["schedule"] = try series { r in
      id += 1
      let date = CalendarDate(iso: "2026-02-12")!.adding(days: r.next(60)).description
      return
        #"{"jsonrpc":"2.0","id":\#(id),"method":"task/schedule","params":{"id":\#(r.next(size) + 1),"date":"\#(date)"}}"#
    }
    // Another server, subscribed: the time from a change's reply here to its view/changed there.
    let other = try BenchPipe(server: server, arguments: args, pinned: false)
    try other.request(#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{}}"#)
    try other.request(#"{"jsonrpc":"2.0","id":1,"method":"view/subscribe","params":{"view":"inbox"}}"#)
    var seen: [UInt64] = []
    for n in 0..<min(iterations, 200) {
      id += 1
      let started = BenchPipe.now()
      try pipe.request(
        #"{"jsonrpc":"2.0","id":\#(id),"method":"task/create","params":{"title":"pushed \#(n)","view":"inbox"}}"#)
      _ = try other.readLine()
      seen.append(BenchPipe.now() - started)
    }
    results["crossServer"] = Stats(nanoseconds: seen)
    pipe.close()
    other.close()
    return results
  }
}
