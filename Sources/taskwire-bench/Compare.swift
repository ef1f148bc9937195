import Foundation

/// `--baseline PATH`: the latency scenarios for two builds in one run, alternating build by
/// build within each round (the order swapped from round to round), so that both meet the
/// machine in the same state. Each figure's p50 is the median over the rounds; the table gives
/// the change, and a figure more than `tolerance` slower is marked.
struct Compare {
  let baseline: URL
  let server: URL
  let iterations: Int
  let rounds: Int
  static let tolerance = 0.05

  /// Figure name → the p50 (µs) of each round, per build.
  private var old: [String: [Double]] = [:]
  private var new: [String: [Double]] = [:]

  init(baseline: URL, server: URL, iterations: Int, rounds: Int) {
    self.baseline = baseline
    self.server = server
    self.iterations = iterations
    self.rounds = rounds
  }

  mutating func run(sizes: [Int], pinned: Bool, folder: URL) throws -> String {
    for round in 1...rounds {
      for size in sizes {
        let order = round % 2 == 1 ? [(baseline, true), (server, false)] : [(server, false), (baseline, true)]
        for (binary, isBaseline) in order {
          FileHandle.standardError.write(
            Data("taskwire-bench: round \(round) of \(rounds), \(size) tasks, \(binary.path)…\n".utf8))
          var scenarios = Scenarios(server: binary, iterations: iterations)
          // Each build on stores of its own: a newer build upgrades a store in place, which an
          // older one then refuses. (The stores are written by this benchmark's own storage
          // code: across a change of the schema, run each build's own benchmark instead.)
          let own = folder.appendingPathComponent(isBaseline ? "baseline" : "new")
          try FileManager.default.createDirectory(at: own, withIntermediateDirectories: true)
          let results = try scenarios.run(size: size, pinned: pinned, folder: own)
          for (name, value) in results {
            guard let stats = value as? Stats else { continue }
            if isBaseline {
              old["\(name)@\(size)", default: []].append(stats.p50)
            } else {
              new["\(name)@\(size)", default: []].append(stats.p50)
            }
          }
        }
      }
    }
    return table(sizes: sizes)
  }

  static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
  }

  func table(sizes: [Int]) -> String {
    var lines = [
      "baseline \(baseline.path) vs \(server.path): p50 (µs), median of \(rounds) alternating rounds",
      "figure@size                    baseline       new    change",
    ]
    var worse = 0
    for key in new.keys.sorted() {
      guard let before = old[key], let after = new[key] else { continue }
      let (b, a) = (Self.median(before), Self.median(after))
      let change = b > 0 ? (a - b) / b : 0
      let flag = change > Self.tolerance ? "  WORSE" : ""
      if !flag.isEmpty { worse += 1 }
      let name = key.padding(toLength: 28, withPad: " ", startingAt: 0)
      lines.append(String(format: "%@ %10.1f %10.1f %+8.1f%%%@", name, b, a, change * 100, flag))
    }
    lines.append(
      worse == 0
        ? "no p50 worse by more than \(Int(Self.tolerance * 100))%"
        : "\(worse) p50s worse by more than \(Int(Self.tolerance * 100))%")
    return lines.joined(separator: "\n")
  }
}
