import Foundation
import JSON

#if canImport(Glibc)
  import Glibc
#endif

// taskwire-bench: measures the release `taskwire` through real pipes, as a frontend feels it.
//   swift build -c release --static-swift-stdlib && .build/release/taskwire-bench [--sizes 1000,10000,100000]
//       [--iterations 300] [--json .build/bench.json] [--server PATH] [--rounds 3] [--smoke]
//       [--baseline PATH]   (the latency scenarios of two builds, alternating, compared: Compare.swift)
//       [--replica-only]    (with --postgres: only the devices-on-replicas rows)
// Latency scenarios run with the benchmark and the server pinned to CPU 0 (waking a process on
// the other CPU costs tens of microseconds on a small VM); unpinned figures are shown beside them.
// They run in rounds (Rounds.swift): a target passes when it passes in most of them.

var sizes = [1000, 10000, 100_000]
var iterations = 300
var smoke = false
/// `--rounds N`: the latency scenarios this many times, each target judged in each.
var rounds = 3
/// `--postgres URL`: the PostgreSQL store's figures too, on a fresh schema of that database.
var postgres: String? = nil
/// `--baseline PATH`: compare the server with this build instead of judging the targets.
var baseline: URL? = nil
/// `--store PATH`: only build the benchmark's store of the first size there and stop (to profile
/// the server on it, e.g. under callgrind).
var storeOnly: String? = nil
/// `--replica-only`: only the devices-on-replicas rows (with `--postgres`), printed as JSON.
var replicaOnly = false
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()
// (Inside .build: the repository's top level holds only the package, its sources and docs.)
var jsonPath = root.appendingPathComponent(".build/bench.json").path
var server = root.appendingPathComponent(".build/release/taskwire")
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  switch argument {
  case "--sizes": sizes = (arguments.popFirst() ?? "").split(separator: ",").compactMap { Int($0) }
  case "--iterations": iterations = Int(arguments.popFirst() ?? "") ?? iterations
  case "--json": jsonPath = arguments.popFirst() ?? jsonPath
  case "--server": server = URL(fileURLWithPath: arguments.popFirst() ?? "")
  case "--postgres": postgres = arguments.popFirst()
  case "--rounds": rounds = max(1, Int(arguments.popFirst() ?? "") ?? rounds)
  case "--baseline": baseline = URL(fileURLWithPath: arguments.popFirst() ?? "")
  case "--store": storeOnly = arguments.popFirst()
  case "--replica-only": replicaOnly = true
  case "--smoke":
    smoke = true
    sizes = [300]
    iterations = 20
    rounds = 1
  default:
    FileHandle.standardError.write(
      Data(
        "usage: taskwire-bench [--sizes N,N] [--iterations N] [--json FILE] [--server PATH] [--postgres URL] [--rounds N] [--smoke] [--baseline PATH] [--store PATH] [--replica-only]\n"
          .utf8))
    exit(2)
  }
}
guard FileManager.default.isExecutableFile(atPath: server.path) else {
  FileHandle.standardError.write(
    Data("taskwire-bench: no server at \(server.path); run swift build -c release --static-swift-stdlib\n".utf8))
  exit(2)
}

if let storeOnly {
  try BenchStore.build(at: storeOnly, count: sizes.first ?? 100_000, server: server, today: Scenarios.today)
  exit(0)
}

let folder = FileManager.default.temporaryDirectory.appendingPathComponent("taskwire-bench-\(getpid())")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }

// The echo child: a trivial C program copying stdin to stdout, built here.
let echo = try EchoChild.build(in: folder)

// Pin the benchmark itself to CPU 0; the children it starts pinned join it there.
let pinnedSelf = Affinity.set([0])
if replicaOnly, let postgres {
  let size = min(10_000, sizes.last ?? 0)
  let rows = try ReplicaScenarios(server: server, iterations: iterations, conninfo: postgres, folder: folder)
    .run(size: size)
  for (name, value) in rows.sorted(by: { $0.key < $1.key }) {
    print(name, (value as? Stats).map { "p50 \($0.p50) p99 \($0.p99) µs" } ?? "\(value)")
  }
  try? FileManager.default.removeItem(at: folder)
  exit(0)
}
if let baseline {
  var compare = Compare(baseline: baseline, server: server, iterations: iterations, rounds: rounds)
  print(try compare.run(sizes: sizes, pinned: pinnedSelf, folder: folder))
  try? FileManager.default.removeItem(at: folder)
  exit(0)
}
var scenarios = Scenarios(server: server, iterations: iterations)
var reports: [Report] = []
let roundsStart = MachineLoad.Sample.now()
for round in 1...rounds {
  var report = Report(sizes: sizes)
  Affinity.set(pinnedSelf ? [0] : nil)
  for size in sizes {
    FileHandle.standardError.write(Data("taskwire-bench: round \(round) of \(rounds), \(size) tasks…\n".utf8))
    report.pinned[size] = try scenarios.run(
      size: size, pinned: pinnedSelf, folder: folder, idleSeconds: size == sizes.last && !smoke ? 5 : 0)
    report.echoPinned[size] = try scenarios.echoRoundTrip(echo: echo, pinned: pinnedSelf)
  }
  report.commit = try CommitFloor.measure(in: folder, iterations: iterations)
  // Unpinned: the benchmark free to run anywhere, the children too.
  Affinity.set(nil)
  if let largest = sizes.last {
    report.unpinned = try scenarios.run(size: largest, pinned: false, folder: folder)
    report.echoUnpinned = try scenarios.echoRoundTrip(echo: echo, pinned: false)
  }
  reports.append(report)
}
let roundsLoad = MachineLoad(from: roundsStart, to: MachineLoad.Sample.now())
// The slow comparisons run once; every round's targets include them.
var report = Report(sizes: sizes)
/// The real today (tw runs on the real clock, in the machine's zone), as `YYYY-MM-DD`.
func localToday() -> String {
  let parts = Calendar.current.dateComponents([.year, .month, .day], from: Date())
  return String(format: "%04d-%02d-%02d", parts.year ?? 2026, parts.month ?? 1, parts.day ?? 1)
}

// Taskwarrior's own store grows slow past 10k tasks: the comparison runs at the sizes up to it.
var taskwarrior: [Taskwarrior.Comparison]? = nil
var comparisonLoad: MachineLoad? = nil
if !smoke {
  let start = MachineLoad.Sample.now()
  taskwarrior = Taskwarrior.compare(
    server: server, root: root, folder: folder, sizes: sizes.filter { $0 <= 10_000 }, today: localToday(),
    rounds: rounds)
  comparisonLoad = MachineLoad(from: start, to: MachineLoad.Sample.now())
}

if let largest = sizes.last, let smallest = sizes.first {
  FileHandle.standardError.write(Data("taskwire-bench: import and export…\n".utf8))
  report.exchange = try ExchangeScenarios.run(
    server: server, folder: folder, importCount: min(10_000, largest),
    exportSizes: Array(Set([smallest, largest])).sorted(),
    today: scenarios.today)
}

FileHandle.standardError.write(
  Data("taskwire-bench: reminders\(smoke ? "" : " (up to a minute's wait for the real clock)")…\n".utf8))
report.reminders = try ReminderScenarios.run(
  server: server, iterations: iterations, idleSeconds: smoke ? 1 : 5, folder: folder, realClock: !smoke)

if let postgres {
  let size = min(10_000, sizes.last ?? 0)
  FileHandle.standardError.write(Data("taskwire-bench: PostgreSQL, \(size) tasks…\n".utf8))
  report.postgres = try PostgresScenarios(server: server, iterations: iterations, conninfo: postgres).run(size: size)
  report.postgresSize = size
  FileHandle.standardError.write(Data("taskwire-bench: devices on replicas, \(size) tasks…\n".utf8))
  report.replica = try ReplicaScenarios(server: server, iterations: iterations, conninfo: postgres, folder: folder)
    .run(size: size)
}

for index in reports.indices {
  reports[index].taskwarrior = taskwarrior?[index]
  reports[index].exchange = report.exchange
  reports[index].reminders = report.reminders
  reports[index].postgres = report.postgres
  reports[index].postgresSize = report.postgresSize
  reports[index].replica = report.replica
}
var rounded = Rounds(reports: reports)
rounded.loads = [("the latency rounds", roundsLoad), ("the Taskwarrior comparison", comparisonLoad)].compactMap {
  name, load in load.map { (name, $0) }
}
print(rounded.table())
try Data(JSONWriter.encode(rounded.json()) + [0x0A]).write(to: URL(fileURLWithPath: jsonPath))
print("written: \(jsonPath)")
