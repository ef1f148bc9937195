import Foundation
import JSONRPC
import TaskwireCore
import TaskwireStore
import TaskwireSync

#if canImport(Glibc)
  import Glibc
#endif

/// `taskwire --resident`: one long-lived server for one SQLite store, serving one connection at
/// a time on a loopback TCP port, so that a one-shot client (`tw`) pays neither a process start
/// nor the load of every task per command. bash reaches it with its own `/dev/tcp`, without a
/// helper process; the port is open to every local user, so both ends prove themselves with
/// tokens from a file only the store's owner can read (`ResidentFile`).
///
/// Each connection is a fresh session (initialize, its own language and client name) on the
/// tasks kept in memory; other processes' commits are caught up on per request, as always.
/// The server leaves when idle for `--idle-minutes`, on SIGTERM/SIGINT/SIGHUP, when its file
/// is removed or taken over, or when its executable was replaced (a rebuilt taskwire).
enum ResidentServer {
  static func run(_ options: ServerOptions) -> Never {
    guard case .file(let given) = options.store else { fail("--resident needs a SQLite store file") }
    // The signals first: one before the handlers would end it with its file left behind.
    let signals = SignalDescriptor([SIGTERM, SIGINT, SIGHUP])
    // Its own session, so that a terminal closing does not end it; none of the descriptors it
    // inherited (pipes someone waits on the end of, files someone's lock is on); and the root
    // as its folder, so that it pins no one's working directory.
    _ = setsid()
    closeInheritedDescriptors(keeping: signals.map { [$0.descriptor, $0.input] } ?? [])
    let path = given.hasPrefix("/") ? given : FileManager.default.currentDirectoryPath + "/" + given
    _ = chdir("/")
    var options = options
    options.store = .file(path)
    guard let lock = ResidentFile.lock(store: path) else { exit(0) }  // another one serves it
    let storage: SQLiteStorage
    do {
      storage = try SQLiteStorage(location: options.store, durability: options.durability)
    } catch {
      fail("cannot open the store: \(error)")
    }
    let replica = Replica(
      storage: storage, dayClock: DayClock(timeZone: options.timeZone, dayStartHour: options.dayStartHour),
      clock: ReplicaClock(fixed: options.fixedClock))
    replica.log = { ServerLog.write("taskwire: \($0)\n") }
    try? replica.prepare(forChange: false)
    // A replica's changes keep their records here too, and with `$TASKWIRE_SHARED_DB` set
    // (never argv: it may hold a password) this server syncs them as a device's server does:
    // its agent pushes each change, hears the others' (NOTIFY, and every 5 s) while it runs, and
    // takes the file's sync lock when no other process holds it.
    let sync: SyncReplica?
    let link: SyncLink?
    do {
      sync = try ReplicaFiles.attach(replica, options)
      let shared = ReplicaFiles.sharedStore(options) { ServerLog.write("taskwire: \($0)\n") }
      if let sync, let shared, !options.offline {
        link = try SyncLink(
          sync: sync, conninfo: shared, replicaPath: path, compactAfter: options.compactAfter
        ) { ServerLog.write("taskwire: \($0)\n") }
        // Another process's commit on the file (an import, `taskwire sync`) is this one's to push.
        replica.hearOtherWriters()
      } else {
        link = nil
      }
    } catch {
      fail("cannot open the store as a replica: \(error)")
    }
    guard let listener = LoopbackListener() else { fail("cannot listen on 127.0.0.1") }
    let zone = ResidentFile.zoneWord(ProcessInfo.processInfo.environment["TZ"])
    guard let file = ResidentFile.publish(store: path, port: listener.port, zone: zone) else {
      fail("cannot write \(path).server")
    }
    // A rebuilt binary, or (with no TZ) the system's zone changed: a client must not talk to
    // a server that is not what it would start itself.
    let identities =
      [FileIdentity(path: executablePath())] + (zone == "-" ? [FileIdentity(path: "/etc/localtime")] : [])
    var stale: Bool { identities.contains { $0.changed } }
    var lastConnection = Date()

    let door = ResidentDoor(file: file, zone: zone)

    func leave() -> Never {
      door.closeAll()
      file.remove()
      storage.close()
      close(lock)
      exit(0)
    }
    // A signal that the loop cannot reach (stuck writing to a client that stopped reading)
    // still ends the server within a second.
    signals?.enforceDeadline { file.remove() }

    while true {
      var fds = [pollfd(fd: listener.descriptor, events: Int16(POLLIN), revents: 0)]
      if let signals { fds.append(pollfd(fd: signals.descriptor, events: Int16(POLLIN), revents: 0)) }
      let syncing = SyncWatch(link: link, replica: replica, fds: &fds)
      let doorStart = fds.count
      fds += door.descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
      // Awake a second after a change, for its checkpoint; otherwise every half minute at most
      // (to notice its file gone), or when the idle time is up, or a handshake's time is, or a
      // push's.
      let left = Double(options.residentIdleSeconds) - Date().timeIntervalSince(lastConnection)
      var timeout = replica.hasIdleWork ? 1000 : Int32(max(10, min(30_000, left * 1000)))
      if let handshake = door.timeout(now: uptime()) { timeout = min(timeout, handshake) }
      if let pushing = syncing.timeout() { timeout = min(timeout, pushing) }
      let ready = poll(&fds, nfds_t(fds.count), timeout)
      if ready < 0 && errno != EINTR { leave() }
      if signals != nil && fds[1].revents != 0 { leave() }
      syncing.serve(fds)
      // (Merges come page after page while other devices push: a checkpoint does not wait for a
      // quiet second that may not come.)
      if replica.needsHousekeepingNow { replica.idle() }
      if fds[0].revents != 0 {
        if stale || !file.isStillOurs { leave() }
        door.acceptAll(from: listener, now: uptime())
      }
      let readable = Set(fds[doorStart...].filter { $0.revents != 0 }.map(\.fd))
      // Only a client that proved itself counts as use (nobody else keeps the server alive).
      for connection in door.admitReady(readable, now: uptime()) {
        let signalled = serve(
          connection, replica: replica, sync: sync, link: link, options: options, signals: signals)
        lastConnection = Date()
        close(connection)
        if signalled { leave() }
      }
      if ready <= 0 {
        if replica.hasIdleWork { replica.idle() }
        let idle = Date().timeIntervalSince(lastConnection)
        if idle >= Double(options.residentIdleSeconds) || !file.isStillOurs || stale { leave() }
      }
    }
  }

  static func uptime() -> Double { ProcessInfo.processInfo.systemUptime }

  /// One session, until the client sends `exit` or closes the connection, through the one
  /// serving loop; true when a shutdown signal ended it.
  static func serve(
    _ descriptor: Int32, replica: Replica, sync: SyncReplica?, link: SyncLink?, options: ServerOptions,
    signals: SignalDescriptor?
  ) -> Bool {
    replica.client = "unknown"
    let server = Server(replica: replica, options: options)
    server.sync = sync
    server.syncLink = link
    // A client that stops reading for the send timeout is dropped (not waited for forever),
    // and one that sends nothing for as long is ended.
    let loop = ServeLoop(
      server: server, input: descriptor,
      sink: FrameWriter(descriptor: descriptor, givingUpOnTimeout: true), maxMessageBytes: options.maxMessageBytes,
      signals: signals, waitsWhenNotReady: false, silenceLimit: LoopbackListener.silenceSeconds)
    let ending = loop.run()
    // A session that only listed Today (quickly) leaves the rest of the store to load now,
    // between sessions, not in the next one.
    replica.finishQuickStart()
    if case .signalled = ending { return true }
    return false
  }

  static func fail(_ message: String) -> Never {
    ServerLog.write("taskwire: \(message)\n")
    exit(1)
  }
}

/// A TCP socket listening on 127.0.0.1 at a port the kernel picks.
struct LoopbackListener {
  let descriptor: Int32
  let port: UInt16

  init?() {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { return nil }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
        bind(fd, raw, length) == 0 && listen(fd, 128) == 0 && getsockname(fd, raw, &length) == 0
      }
    }
    guard bound else {
      close(fd)
      return nil
    }
    // Non-blocking: `accept` takes what the kernel holds and returns (ResidentDoor).
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    descriptor = fd
    port = UInt16(bigEndian: address.sin_port)
  }

  /// The next connection, with a read and write timeout so that a stalled client cannot hold
  /// the server (the next client waits for it) for more than a few seconds.
  static let silenceSeconds = 5.0

  func accept() -> Int32? {
    let fd = Glibc.accept(descriptor, nil, nil)
    guard fd >= 0 else { return nil }
    _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    var timeout = timeval(tv_sec: Int(Self.silenceSeconds), tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var one: Int32 = 1
    setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
    return fd
  }
}

/// The running binary's path.
func executablePath() -> String {
  (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
}

/// A file as it was when the server started (the taskwire binary, the system's zone file): one
/// replaced or changed makes the server leave.
struct FileIdentity {
  let path: String
  let inode: UInt64
  let modified: Int
  let target: String?

  init(path: String) {
    self.path = path
    var info = stat()
    stat(path, &info)
    inode = UInt64(info.st_ino)
    modified = info.st_mtim.tv_sec
    target = try? FileManager.default.destinationOfSymbolicLink(atPath: path)
  }

  var changed: Bool {
    var info = stat()
    guard stat(path, &info) == 0 else { return true }
    return UInt64(info.st_ino) != inode || info.st_mtim.tv_sec != modified
      || (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != target
  }
}

/// Closes every descriptor from 3 up but `keeping` (listed from /proc/self/fd, else up to the
/// limit).
func closeInheritedDescriptors(keeping: [Int32]) {
  let listed = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd"))?.compactMap { Int32($0) }
  let limit = Int32(min(sysconf(Int32(_SC_OPEN_MAX)), 65_536))
  for fd in listed ?? Array(3..<max(3, limit)) where fd >= 3 && !keeping.contains(fd) {
    close(fd)
  }
}
