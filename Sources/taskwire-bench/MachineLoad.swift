import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// What the rest of the machine did while the benchmark ran: the CPU time every process used
/// (Linux's `/proc/stat`) less the benchmark's own and its children's (`getrusage`), as a share
/// of one CPU over the wall-clock time. The echo child alone is measured between scenarios,
/// and a busy neighbour can leave it alone while it slows the many short processes of the
/// Taskwarrior comparison; this sees the neighbour itself.
struct MachineLoad {
  /// Busy and stolen CPU seconds of the whole machine, and of this process and its children.
  struct Sample {
    var machineBusy: Double
    var stolen: Double
    var own: Double
    var wall: Double

    static func now() -> Sample? {
      guard let stat = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
        let line = stat.split(separator: "\n").first, line.hasPrefix("cpu ")
      else { return nil }
      // user nice system idle iowait irq softirq steal, in clock ticks.
      let ticks = line.split(separator: " ").dropFirst().compactMap { Double($0) }
      guard ticks.count >= 8 else { return nil }
      let hertz = Double(sysconf(Int32(_SC_CLK_TCK)))
      let busy = ticks[0] + ticks[1] + ticks[2] + ticks[5] + ticks[6] + ticks[7]
      return Sample(
        machineBusy: busy / hertz, stolen: ticks[7] / hertz, own: Self.ownSeconds(),
        wall: Double(DispatchTime.now().uptimeNanoseconds) / 1e9)
    }

    static func ownSeconds() -> Double {
      var total = 0.0
      for who in [RUSAGE_SELF.rawValue, RUSAGE_CHILDREN.rawValue] {
        var usage = rusage()
        getrusage(who, &usage)
        for time in [usage.ru_utime, usage.ru_stime] { total += Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
      }
      return total
    }
  }

  /// Others' CPU as a share of one CPU, and the hypervisor's steal the same way.
  var others: Double
  var stolen: Double

  init?(from start: Sample?, to end: Sample?) {
    // (The counters tick 100 times a second: a phase shorter than a few seconds says nothing.)
    guard let start, let end, end.wall - start.wall >= 3 else { return nil }
    let wall = end.wall - start.wall
    others = max(0, (end.machineBusy - start.machineBusy) - (end.own - start.own)) / wall
    stolen = (end.stolen - start.stolen) / wall
  }

  /// Above this the figures, the short-process ones first, move with the neighbours.
  static let quietLimit = 0.25

  var isQuiet: Bool { others <= Self.quietLimit }

  var description: String {
    String(format: "other processes used %.2f of a CPU (steal %.2f)", others, stolen)
  }
}
