import Foundation
import JSON

#if canImport(Glibc)
  import Glibc
#endif

/// A child process over real pipes, driven one line at a time and timed with a monotonic clock.
/// Pinned children run on CPU 0 only, as the benchmark itself then does.
final class BenchPipe {
  let process = Process()
  private let input = Pipe()
  private let output = Pipe()
  private var buffer: [UInt8] = []
  private var chunk = [UInt8](repeating: 0, count: 1 << 20)
  /// Every notification line read while waiting for a reply.
  var notifications: [String] = []

  init(server: URL, arguments: [String], pinned: Bool) throws {
    // A child inherits the benchmark's CPUs: name them either way.
    process.executableURL = URL(fileURLWithPath: "/usr/bin/taskset")
    process.arguments = ["-c", pinned ? "0" : Affinity.all, server.path] + arguments
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
  }

  static func now() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
  }

  func send(_ line: String) {
    var bytes = Array(line.utf8)
    bytes.append(0x0A)
    bytes.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        let written = Glibc.write(input.fileHandleForWriting.fileDescriptor, raw.baseAddress! + offset, raw.count - offset)
        if written <= 0 { return }
        offset += written
      }
    }
  }

  func readLine() throws -> String {
    let fd = output.fileHandleForReading.fileDescriptor
    // Only new bytes are searched: rescanning a growing buffer after every 64 KiB pipe read
    // would make reading a long reply quadratic.
    var searched = 0
    while true {
      if let newline = buffer[searched...].firstIndex(of: 0x0A) {
        let line = String(decoding: buffer[..<newline], as: UTF8.self)
        buffer.removeSubrange(...newline)
        return line
      }
      searched = buffer.count
      let count = read(fd, &chunk, chunk.count)
      guard count > 0 else { throw BenchError("the child closed its output") }
      buffer.append(contentsOf: chunk[..<count])
    }
  }

  /// Sends a request and reads until its reply (a line with an id); returns the reply line.
  @discardableResult
  func request(_ line: String) throws -> String {
    send(line)
    while true {
      let reply = try readLine()
      if reply.hasPrefix(#"{"jsonrpc":"2.0","method":"#) {
        notifications.append(reply)
        continue
      }
      return reply
    }
  }

  /// Sends a request and returns the nanoseconds until its reply arrived.
  func timed(_ line: String) throws -> UInt64 {
    let start = Self.now()
    try request(line)
    return Self.now() - start
  }

  func close() {
    try? input.fileHandleForWriting.close()
    process.waitUntilExit()
  }

  /// The child's peak resident memory in MiB (Linux's VmHWM).
  var peakMemory: Double {
    guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
      let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "")
    else { return 0 }
    return kilobytes / 1024
  }
}

/// Percentiles of a series of durations, in microseconds.
struct Stats {
  var samples: [Double]

  init(nanoseconds: [UInt64]) { samples = nanoseconds.map { Double($0) / 1000 }.sorted() }

  func percentile(_ p: Double) -> Double {
    guard !samples.isEmpty else { return 0 }
    return samples[min(samples.count - 1, Int(Double(samples.count - 1) * p + 0.5))]
  }

  var p50: Double { percentile(0.5) }
  var p99: Double { percentile(0.99) }
  var max: Double { samples.last ?? 0 }

  var json: JSONValue {
    ["p50": .number(String(format: "%.1f", p50)), "p99": .number(String(format: "%.1f", p99)), "max": .number(String(format: "%.1f", max))]
  }
}

/// CPU affinity through taskset, which Linux's C library hides behind _GNU_SOURCE.
enum Affinity {
  static let all = "0-\(max(0, ProcessInfo.processInfo.activeProcessorCount - 1))"

  /// Moves this process to the CPUs in `list` (like "0" or "0-1"); false when taskset fails.
  static func set(_ list: String) -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/taskset")
    process.arguments = ["-p", "-c", list, String(getpid())]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }
}
