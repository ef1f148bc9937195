import Foundation

/// The replica rows (issue 31, `ReplicaScenarios`): the table's lines and the targets.
extension Report {
  func replicaLines() -> [String] {
    guard let replica else { return [] }
    var lines = ["", "devices on replicas of that store, \(postgresSize) tasks     p50 / p95 / max"]
    for (name, label) in [
      ("move", "move on a replica"), ("moveOffline", "the same, --offline"),
      ("otherDeviceHears", "another device hears"),
    ] {
      let s = stats(replica, name)
      lines.append(
        pad(label, 23)
          + (s.map { String(format: "%9.1f / %9.1f / %9.1f µs", $0.p50, $0.percentile(0.95), $0.max) } ?? "-"))
    }
    lines.append(pad("1,000 offline changes", 23) + format(replica["offline1000Ms"]) + " ms to the other device")
    return lines
  }

  func replicaTargets() -> [(pass: Bool, text: String)] {
    guard let replica else { return [] }
    var results: [(pass: Bool, text: String)] = []
    if let s = stats(replica, "move") {
      results.append(
        (s.p50 <= 100, String(format: "a move on a replica at %d: p50 %.1f µs ≤ 100 µs", postgresSize, s.p50)))
    }
    if let s = stats(replica, "otherDeviceHears") {
      results.append(
        (
          s.percentile(0.95) <= 50_000,
          String(
            format: "another device's subscriber hears a change: p95 %.1f ms ≤ 50 ms", s.percentile(0.95) / 1000)
        ))
    }
    if let time = replica["offline1000Ms"] as? Double {
      results.append(
        (time <= 1000, String(format: "1,000 offline changes reach the other device in %.0f ms ≤ 1 s", time)))
    }
    return results
  }
}
