import Foundation
import TaskwirePostgres

/// Devices on replicas of a shared PostgreSQL store (issue 31), beside the other figures of the
/// same run (`--postgres URL`): a move on a replica of `size` tasks while its sync agent runs
/// (SQLite's speed, not PostgreSQL's), how soon another device's subscriber hears a change, and
/// how long 1,000 changes made offline take to reach the other device once back online.
struct ReplicaScenarios {
  let server: URL
  let iterations: Int
  let conninfo: String
  let folder: URL

  func run(size: Int) throws -> [String: Any] {
    let schema = "bench_replica_\(getpid())"
    let url = PostgresConninfo.with(schema: schema, conninfo)
    defer { try? PostgresStorage.administer(conninfo) { "DROP SCHEMA IF EXISTS \"\(schema)\" CASCADE" } }
    let paths = ["a", "b", "c"].map { folder.appendingPathComponent("replica-\($0).sqlite").path }
    try BenchStore.build(at: paths[0], count: size, server: server, today: "2026-02-12")
    for path in paths.dropFirst() {
      for suffix in ["", "-wal", "-shm", ".sync.lock"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
    // The moves are timed as the plain store's are: the server (its agent thread too) and this
    // thread on one CPU, so that a cross-CPU wake-up is not what is measured.
    func device(_ index: Int, offline: Bool = false, pinned: Bool = false) throws -> BenchPipe {
      let args =
        ["--db", url, "--replica", paths[index], "--device-id", "00000000000000a\(index + 1)", "--time-zone", "UTC"]
        + (offline ? ["--offline"] : [])
      let pipe = try BenchPipe(server: server, arguments: args, pinned: pinned)
      try pipe.request(#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{}}"#)
      return pipe
    }
    func waitOnline(_ pipe: BenchPipe) throws {
      for _ in 0..<200 {
        if try pipe.request(#"{"jsonrpc":"2.0","id":1,"method":"sync/status"}"#).contains(#""online":true"#) { return }
        usleep(25_000)
      }
      throw BenchError("a replica did not connect to the shared store")
    }
    func waitSettled(_ pipes: [BenchPipe]) throws {
      for _ in 0..<1200 {
        let states = try pipes.map { try $0.request(#"{"jsonrpc":"2.0","id":1,"method":"sync/status"}"#) }
        let seen = Set(states.map { $0.components(separatedBy: #""seen":"#).last?.prefix { $0.isNumber } ?? "" })
        if states.allSatisfy({ $0.contains(#""unsent":0,"#) }) && seen.count == 1 { return }
        usleep(25_000)
      }
      throw BenchError("the replicas did not settle")
    }
    var results: [String: Any] = [:]
    var random = SplitMix(seed: 7)
    var id = 10
    func moves(_ pipe: BenchPipe) throws -> Stats {
      try Affinity.whileThisThreadRuns(on: [0]) {
        Stats(
          nanoseconds: try (0..<iterations).map { _ in
            id += 1
            return try pipe.timed(Scenarios.move(id: id, task: random.next(size) + 1, random: &random, size: size))
          })
      }
    }
    // The same moves with no agent (--offline): what keeping the change records costs, apart
    // from what syncing beside the moves costs.
    let alone = try device(0, offline: true, pinned: true)
    results["moveOffline"] = try moves(alone)
    alone.close()
    let a = try device(0, pinned: true)
    let b = try device(1)
    try waitOnline(a)
    try waitOnline(b)
    results["move"] = try moves(a)
    // Another device, subscribed (once it has merged what A sent so far, the store's own tasks
    // included): from a change's request here to its view/changed there.
    try waitSettled([a, b])
    try b.request(#"{"jsonrpc":"2.0","id":2,"method":"view/subscribe","params":{"view":"inbox"}}"#)
    var heard: [UInt64] = []
    for n in 0..<min(iterations, 200) {
      id += 1
      let started = BenchPipe.now()
      try a.request(
        #"{"jsonrpc":"2.0","id":\#(id),"method":"task/create","params":{"title":"pushed \#(n)","view":"inbox"}}"#)
      _ = try b.readLine()
      heard.append(BenchPipe.now() - started)
    }
    results["otherDeviceHears"] = Stats(nanoseconds: heard)
    // 1,000 changes made offline on a third device, then that device started online: the time
    // until the other device's subscriber has them all (the start of the process included).
    let offline = try device(2, offline: true)
    for n in 0..<1000 {
      try offline.request(
        #"{"jsonrpc":"2.0","id":\#(n + 10),"method":"task/create","params":{"title":"offline \#(n)","view":"inbox"}}"#)
    }
    offline.close()
    let started = BenchPipe.now()
    let online = try device(2)
    var inserted = 0
    while inserted < 1000 {
      inserted += try b.readLine().components(separatedBy: #""op":"insert""#).count - 1
    }
    results["offline1000Ms"] = Double(BenchPipe.now() - started) / 1e6
    online.close()
    a.close()
    b.close()
    return results
  }
}
