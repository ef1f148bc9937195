import Foundation
import JSON
import JSONRPC
import TaskwirePostgres
import TaskwireProtocol
import TaskwireStore
import TaskwireSync

#if canImport(Glibc)
  import Glibc
#endif

/// The process: the options, stdout moved aside for the protocol, the store opened, and the
/// loop started.
public enum ServerMain {
  public static func run(arguments: [String]) -> Never {
    signal(SIGPIPE, SIG_IGN)
    ServerLog.reserveStandardDescriptors()
    let options: ServerOptions
    switch ServerOptions.parse(Array(arguments.dropFirst()), environment: ProcessInfo.processInfo.environment) {
    case .print(let text):
      print(text)
      exit(0)
    case .usageError(let message):
      FileHandleOutput.stderr("taskwire: \(message)\n\(ServerOptions.usage)\n")
      exit(2)
    case .serve(let parsed):
      options = parsed
    }
    if options.resident { ResidentServer.run(options) }
    // stdout carries protocol only: the protocol gets its own descriptor, and fd 1 becomes a
    // copy of stderr so that a stray print() cannot corrupt the stream.
    let protocolOutput = dup(1)
    _ = fcntl(protocolOutput, F_SETFD, FD_CLOEXEC)
    FrameWriter.widenPipe(protocolOutput)
    dup2(2, 1)

    let storage: any Storage
    do {
      storage = try openStorage(options)
    } catch {
      FileHandleOutput.stderr("taskwire: cannot open the store: \(error)\n")
      exit(1)
    }
    let server = Server(storage: storage, options: options)
    (storage as? PostgresStorage)?.log = { [unowned server] in server.log($0) }
    do {
      if let sync = try ReplicaFiles.attach(server.replica, options) {
        server.sync = sync
        let shared = ReplicaFiles.sharedStore(options) { ServerLog.write("taskwire: \($0)\n") }
        if let shared, !options.offline, case .file(let path) = options.store {
          server.syncLink = try SyncLink(
            sync: sync, conninfo: shared, replicaPath: path, compactAfter: options.compactAfter
          ) {
            ServerLog.write("taskwire: \($0)\n")
          }
          // Another process's commit on the file is this process's to push, if it syncs.
          server.replica.hearOtherWriters()
        }
      }
    } catch {
      FileHandleOutput.stderr("taskwire: cannot make the store a replica: \(error)\n")
      exit(1)
    }
    server.info(
      "taskwire \(TaskwireVersion.server), store \(storage.summary)"
        + (storage.isReadOnly ? " (read-only: changes will be refused)" : ""))
    if let sqlite = storage as? SQLiteStorage, sqlite.createdFile, case .file(let path) = sqlite.location {
      server.log("created a new, empty store at \(path)")
    }
    // SIGTERM and SIGINT end the loop between frames, so the change in progress finishes and
    // the store is closed before the process exits (within a second whatever the loop does).
    let signals = SignalDescriptor([SIGTERM, SIGINT])
    signals?.enforceDeadline()
    let loop = ServeLoop(
      server: server, input: 0, sink: FrameWriter(descriptor: protocolOutput),
      maxMessageBytes: options.maxMessageBytes, signals: signals)
    if let path = options.recordPath {
      do {
        loop.connection.observer = try SessionRecorder(path: path, flags: options.recordedFlags)
      } catch {
        FileHandleOutput.stderr("taskwire: \(error)\n")
        exit(1)
      }
    }
    switch loop.run() {
    case .closed(let code):
      storage.close()
      exit(code)
    case .signalled(let number):
      server.info("signal \(number): closing the store and exiting")
      storage.close()
      exit(0)
    }
  }

  /// The backend `--db` names (the SQLite file by default).
  public static func openStorage(_ options: ServerOptions) throws -> any Storage {
    if let conninfo = options.postgres { return try PostgresStorage(conninfo: conninfo) }
    return try SQLiteStorage(
      location: options.store, maxPageCount: options.maxPageCount, durability: options.durability)
  }
}

enum FileHandleOutput {
  static func stderr(_ text: String) { ServerLog.write(text) }
}
