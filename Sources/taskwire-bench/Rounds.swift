import Foundation
import JSON

/// The latency scenarios run several times (`--rounds`, default 3): each target is judged in
/// every round and passes when it passes in most of them ("pass 2/3"), the table shown is the
/// median round's (by the echo child's round trip, the machine's own noise), and the spread of
/// the main figures between rounds is printed, with a verdict when the machine was too noisy
/// to judge.
struct Rounds {
  var reports: [Report]
  /// What the other processes on the machine did during each phase.
  var loads: [(phase: String, load: MachineLoad)] = []

  init(reports: [Report]) { self.reports = reports }

  /// The round whose echo round trip (at the largest size) is the median.
  var median: Report {
    let ordered = reports.sorted { echo($0) < echo($1) }
    return ordered[ordered.count / 2]
  }

  func echo(_ report: Report) -> Double { report.sizes.last.flatMap { report.echoPinned[$0]?.p50 } ?? 0 }

  /// p50 of one figure at the largest size, per round.
  func perRound(_ name: String) -> [Double] {
    reports.compactMap { report in report.sizes.last.flatMap { report.stats(report.pinned[$0] ?? [:], name)?.p50 } }
  }

  static let spreadFigures = ["roundTrip", "create", "move", "schedule", "undo", "dragTodaySubscribed", "listToday"]

  /// How far the rounds' p50s lie apart: (max − min) / min.
  static func spread(_ values: [Double]) -> Double {
    guard let low = values.min(), let high = values.max(), low > 0 else { return 0 }
    return (high - low) / low
  }

  /// Too noisy to judge: the echo child's round trip, which does not change with taskwire,
  /// moved by more than a third between rounds, or its p99 was over five times its p50; or
  /// other processes kept a quarter of a CPU busy during a phase.
  var noise: String? {
    for (phase, load) in loads where !load.isQuiet {
      return "during \(phase) \(load.description), over \(MachineLoad.quietLimit) of a CPU"
    }
    let echoes = reports.map(echo)
    if reports.count > 1, Self.spread(echoes) > 1.0 / 3 {
      return String(
        format: "the echo child's round trip moved %.0f%% between rounds (%@ µs)", Self.spread(echoes) * 100,
        echoes.map { String(format: "%.1f", $0) }.joined(separator: " / "))
    }
    for report in reports {
      if let last = report.sizes.last, let echo = report.echoPinned[last], echo.p99 > 5 * echo.p50 {
        return String(format: "the echo child's p99 was %.1f µs against a p50 of %.1f µs", echo.p99, echo.p50)
      }
    }
    return nil
  }

  /// Each target with the rounds it passed in, the text from the median round.
  func targets() -> [(pass: Bool, passes: Int, text: String)] {
    let all = reports.map { $0.targets() }
    let texts = median.targets()
    return texts.indices.map { index in
      let passes = all.filter { index < $0.count && $0[index].pass }.count
      return (passes * 2 > reports.count, passes, texts[index].text)
    }
  }

  func table() -> String {
    var lines = [median.table(withTargets: false)]
    lines.append("")
    lines.append("p50 per round at \(median.sizes.last ?? 0) tasks (µs)   spread (max − min) / min")
    for name in Self.spreadFigures {
      let values = perRound(name)
      guard !values.isEmpty else { continue }
      lines.append(
        median.pad(name, 23) + median.pad(values.map { String(format: "%.1f", $0) }.joined(separator: " / "), 36)
          + String(format: "%.0f%%", Self.spread(values) * 100))
    }
    let echoes = reports.map(echo)
    lines.append(
      median.pad("echo child", 23) + median.pad(echoes.map { String(format: "%.1f", $0) }.joined(separator: " / "), 36)
        + String(format: "%.0f%%", Self.spread(echoes) * 100))
    lines.append("")
    if let noise {
      lines.append("NOISY: \(noise); the verdicts below may say more about the machine than about taskwire")
    } else {
      lines.append("the machine was quiet enough: the echo child's round trip held steady in every round")
    }
    for (phase, load) in loads { lines.append("during \(phase): \(load.description)") }
    lines.append("")
    lines += targets().map {
      ($0.pass ? "pass        " : "falls short ") + "\($0.passes)/\(reports.count)  " + $0.text
    }
    return lines.joined(separator: "\n")
  }

  func json() -> JSONValue {
    var object: JSONObject = [
      "rounds": .array(reports.map { $0.json() }),
      "targets": .array(
        targets().map {
          [
            "pass": .bool($0.pass), "passes": .int($0.passes), "rounds": .int(reports.count),
            "target": .string($0.text),
          ]
        }),
    ]
    object["noise"] = noise.map(JSONValue.string) ?? .null
    object["otherProcessesCPU"] = .object(
      JSONObject(loads.map { ($0.phase, .number(String(format: "%.3f", $0.load.others))) }))
    return .object(object)
  }
}
