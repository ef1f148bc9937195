import Foundation
import Synchronization
import TaskwirePostgres

#if canImport(Glibc)
  import Glibc
#endif

/// What the serving loop and the sync agent's thread hand each other (Protocol/devices.md, "The
/// agent"): records to push one way, pulled pages and pushes' places the other, with the state
/// `sync/status` reports. Each side wakes the other through a pipe the other polls; neither
/// ever waits on the other. The loop does all SQLite work; the agent all PostgreSQL work.
public final class SyncMailbox: Sendable {
  /// A record on its way to the log.
  public struct Outgoing: Sendable {
    public var id: String
    public var hlc: String
    public var device: String
    public var seen: Int64
    public var body: String
  }

  struct State: Sendable {
    // The loop to the agent.
    /// The pull cursor the agent starts from (after it took the lock), then after each page
    /// the loop applied.
    var cursor: Int64? = nil
    /// A batch to push; the agent keeps it until the log took it (sent again after a drop).
    var toPush: [Outgoing]? = nil
    /// What a compaction left of records the log holds; kept until the log took it.
    var toCompact: [SyncReplica.Compacted]? = nil
    /// The page could not be applied: the agent pulls again at its next health check.
    var applyFailed = false
    /// A pulled page is with the loop (set by the agent, cleared by the loop once applied).
    var pageOutstanding = false

    // The agent to the loop.
    /// The agent holds the file's sync lock and needs the cursor (and the outbox).
    var started = false
    var pulled: PostgresLog.Page? = nil
    /// The places a push got, by record id.
    var placed: [String: Int64]? = nil

    /// The shared store's id, for the loop to check against the one the replica was made with.
    var storeID: String? = nil
    /// The loop's verdict on it (nil: not yet given).
    var storeAccepted: Bool? = nil
    /// Why syncing stopped for good (another store, another replica as this device).
    var stopped: String? = nil

    /// The agent's query in flight: its socket and when it started (monotonic seconds).
    var inQuery: (socket: Int32, since: Double)? = nil

    // What `sync/status` shows.
    var syncing = false
    var online = false
    var problem: String? = nil
  }

  let state = Mutex(State())
  private let agentPipe: (read: Int32, write: Int32)
  private let loopPipe: (read: Int32, write: Int32)

  public init() throws {
    func makePipe() throws -> (Int32, Int32) {
      var fds: [Int32] = [0, 0]
      guard pipe(&fds) == 0 else { throw SyncAgent.Failure("cannot make a pipe") }
      for fd in fds {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
      }
      return (fds[0], fds[1])
    }
    agentPipe = try makePipe()
    loopPipe = try makePipe()
  }

  /// What the loop polls: readable when the agent left something.
  public var loopDescriptor: Int32 { loopPipe.read }
  var agentDescriptor: Int32 { agentPipe.read }

  func wakeLoop() { Self.ring(loopPipe.write) }
  func wakeAgent() { Self.ring(agentPipe.write) }
  func drainLoop() { Self.drain(loopPipe.read) }
  func drainAgent() { Self.drain(agentPipe.read) }

  private static func ring(_ fd: Int32) {
    var byte: UInt8 = 1
    _ = write(fd, &byte, 1)  // (a full pipe already rings)
  }

  private static func drain(_ fd: Int32) {
    var buffer = [UInt8](repeating: 0, count: 64)
    while read(fd, &buffer, buffer.count) > 0 {}
  }
}
