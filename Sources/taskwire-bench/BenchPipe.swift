import Foundation
import JSON

#if canImport(Glibc)
  import Glibc
#endif

/// A child process over real pipes, driven one line at a time and timed with a monotonic clock.
/// Pinned children run on CPU 0 only, as the benchmark itself then does.
final class BenchPipe {
  /// The child's process id.
  let pid: pid_t
  private let input: Int32
  private let output: Int32
  private var buffer: [UInt8] = []
  private var chunk = [UInt8](repeating: 0, count: 1 << 20)
  /// Every notification line read while waiting for a reply.
  var notifications: [String] = []

  /// Starts the child with posix_spawn (Foundation's Process took 35 ms to start one here, which
  /// the cold start figure then showed); it inherits the CPUs this thread is moved to meanwhile.
  init(server: URL, arguments: [String], pinned: Bool) throws {
    var toChild: [Int32] = [0, 0]
    var fromChild: [Int32] = [0, 0]
    guard pipe(&toChild) == 0, pipe(&fromChild) == 0 else {
      throw BenchError("pipe: \(String(cString: strerror(errno)))")
    }
    // (Our ends must not leak into a later child: it would hold this one's input open.)
    for fd in toChild + fromChild { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
    posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = ([server.path] + arguments).map { strdup($0) } + [nil]
    let envp = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    var child: pid_t = 0
    let status = Affinity.whileThisThreadRuns(on: pinned ? [0] : nil) {
      posix_spawn(&child, server.path, &actions, nil, argv, envp)
    }
    Glibc.close(toChild[0])
    Glibc.close(fromChild[1])
    guard status == 0 else {
      Glibc.close(toChild[1])
      Glibc.close(fromChild[0])
      throw BenchError("cannot start \(server.path): \(String(cString: strerror(status)))")
    }
    pid = child
    input = toChild[1]
    output = fromChild[0]
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
        let written = Glibc.write(input, raw.baseAddress! + offset, raw.count - offset)
        if written <= 0 { return }
        offset += written
      }
    }
  }

  func readLine() throws -> String {
    let length = try nextLine()
    let line = String(decoding: buffer[..<length], as: UTF8.self)
    buffer.removeSubrange(...length)
    return line
  }

  /// Reads until the buffer holds a whole line; returns its length (its newline's index).
  /// Only new bytes are searched, with memchr: rescanning a growing buffer after every pipe read
  /// would make reading a long reply quadratic, and a byte-by-byte search in Swift cost the
  /// benchmark's side milliseconds of a 5 MB list's round trip.
  private func nextLine() throws -> Int {
    var searched = 0
    while true {
      let found = buffer.withUnsafeBytes { raw -> Int? in
        guard raw.count > searched, let base = raw.baseAddress,
          let hit = memchr(base + searched, 0x0A, raw.count - searched)
        else { return nil }
        return base.distance(to: UnsafeRawPointer(hit))
      }
      if let found { return found }
      searched = buffer.count
      let count = read(output, &chunk, chunk.count)
      guard count > 0 else { throw BenchError("the child closed its output") }
      buffer.append(contentsOf: chunk[..<count])
    }
  }

  private static let notificationStart = Array(#"{"jsonrpc":"2.0","method":"#.utf8)

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

  /// Sends a request and returns the nanoseconds until its reply arrived (the reply is read and
  /// dropped, never decoded: a client's own work on it is not the server's time).
  func timed(_ line: String) throws -> UInt64 {
    let start = Self.now()
    send(line)
    while true {
      let length = try nextLine()
      let notification = buffer.starts(with: Self.notificationStart)
      if notification { notifications.append(String(decoding: buffer[..<length], as: UTF8.self)) }
      buffer.removeSubrange(...length)
      if !notification { break }
    }
    return Self.now() - start
  }

  /// Closes the child's input (it then leaves) and waits for it.
  func close() {
    Glibc.close(input)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    Glibc.close(output)
  }

  /// The child's peak resident memory in MiB (Linux's VmHWM).
  var peakMemory: Double {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
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
    [
      "p50": .number(String(format: "%.1f", p50)), "p99": .number(String(format: "%.1f", p99)),
      "max": .number(String(format: "%.1f", max)),
    ]
  }
}

/// CPU affinity through sched_setaffinity (which Linux's C library hides behind _GNU_SOURCE,
/// looked up at run time): the benchmark's own, and a child's, which inherits the mask of the
/// thread that starts it.
enum Affinity {
  private typealias AffinityCall = @convention(c) (pid_t, Int, UnsafeMutableRawPointer) -> Int32
  private static let call: (get: AffinityCall, set: AffinityCall)? = {
    guard let get = dlsym(nil, "sched_getaffinity"), let set = dlsym(nil, "sched_setaffinity") else { return nil }
    return (unsafeBitCast(get, to: AffinityCall.self), unsafeBitCast(set, to: AffinityCall.self))
  }()

  /// The mask of `cpus` (nil: every CPU), as sched_setaffinity takes it.
  private static func mask(_ cpus: [Int]?) -> [UInt64] {
    var mask = [UInt64](repeating: 0, count: 16)
    for cpu in cpus ?? Array(0..<ProcessInfo.processInfo.activeProcessorCount) {
      mask[cpu / 64] |= 1 << UInt64(cpu % 64)
    }
    return mask
  }

  /// Moves this thread (the benchmark's main one: the threads it starts later follow) to `cpus`
  /// (nil: every CPU); false when that cannot be done.
  @discardableResult
  static func set(_ cpus: [Int]?) -> Bool {
    guard let call else { return false }
    var wanted = mask(cpus)
    return wanted.withUnsafeMutableBytes { call.set(0, $0.count, $0.baseAddress!) } == 0
  }

  /// Runs `body` with this thread on `cpus` (nil: every CPU), then puts its mask back.
  static func whileThisThreadRuns<T>(on cpus: [Int]?, _ body: () throws -> T) rethrows -> T {
    guard let call else { return try body() }
    var saved = [UInt64](repeating: 0, count: 16)
    let had = saved.withUnsafeMutableBytes { call.get(0, $0.count, $0.baseAddress!) } == 0
    set(cpus)
    defer { if had { _ = saved.withUnsafeMutableBytes { call.set(0, $0.count, $0.baseAddress!) } } }
    return try body()
  }
}
