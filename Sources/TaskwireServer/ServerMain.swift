import Dispatch
import Foundation
import JSON
import JSONRPC
import TaskwireProtocol
import TaskwireStore

#if canImport(Glibc)
  import Glibc
#endif

/// The process: reads frames on a reader thread and hands them, in order, to one serial queue
/// that owns the server; replies are written from that queue, each flushed as it is written.
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
    // stdout carries protocol only: the protocol gets its own descriptor, and fd 1 becomes a
    // copy of stderr so that a stray print() cannot corrupt the stream.
    let protocolOutput = dup(1)
    _ = fcntl(protocolOutput, F_SETFD, FD_CLOEXEC)
    dup2(2, 1)

    let server: Server
    do {
      server = try Server(options: options)
    } catch {
      FileHandleOutput.stderr("taskwire: cannot open the store: \(error)\n")
      exit(1)
    }
    server.log(
      "taskwire \(TaskwireVersion.server), SQLite \(TaskStore.sqliteVersion), store \(options.store)"
        + (server.store.isReadOnly ? " (read-only: changes will be refused)" : ""))
    let loop = ServeLoop(server: server, input: 0, output: protocolOutput, maxMessageBytes: options.maxMessageBytes)
    if let path = options.recordPath {
      do {
        loop.recorder = try SessionRecorder(path: path, flags: options.recordedFlags)
      } catch {
        FileHandleOutput.stderr("taskwire: \(error)\n")
        exit(1)
      }
    }
    loop.start()
    dispatchMain()
  }
}

/// Joins the reader thread to the serial queue. The server is only ever touched on `queue`,
/// which is what makes the unchecked Sendable conformance sound.
final class ServeLoop: @unchecked Sendable {
  let server: Server
  let reader: FrameReader
  let writer: FrameWriter
  let queue = DispatchQueue(label: "taskwire.loop")
  /// Bounds how many frames wait for the loop, so a client writing without reading cannot
  /// grow the server's memory without limit.
  let inFlight = DispatchSemaphore(value: 64)
  var recorder: SessionRecorder? = nil

  init(server: Server, input: Int32, output: Int32, maxMessageBytes: Int) {
    self.server = server
    reader = FrameReader(descriptor: input, maxMessageBytes: maxMessageBytes)
    writer = FrameWriter(descriptor: output)
  }

  /// How often the loop looks for another process's commits and for a new day.
  static let pollInterval = DispatchTimeInterval.milliseconds(100)
  private var timer: DispatchSourceTimer? = nil
  private var signalSources: [DispatchSourceSignal] = []

  func start() {
    let timer = DispatchSource.makeTimerSource(queue: queue)
    timer.schedule(deadline: .now() + Self.pollInterval, repeating: Self.pollInterval)
    timer.setEventHandler { [self] in
      server.poll()
      flushNotifications()
    }
    timer.resume()
    self.timer = timer
    // SIGTERM and SIGINT are handled on the loop, so the change in progress finishes and the
    // store is closed before the process exits.
    for signalNumber in [SIGTERM, SIGINT] {
      signal(signalNumber, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
      source.setEventHandler { [self] in
        server.log("signal \(signalNumber): closing the store and exiting")
        finish(code: 0)
      }
      source.resume()
      signalSources.append(source)
    }
    let thread = Thread { [self] in
      while let frame = reader.next() {
        let framing = reader.framing ?? .newline
        inFlight.wait()
        queue.async { [self] in
          defer { inFlight.signal() }
          handle(frame, framing: framing)
        }
      }
      queue.async { [self] in finish(code: 0) }
    }
    thread.start()
  }

  func handle(_ frame: Frame, framing: Framing) {
    writer.framing = framing
    switch frame {
    case .message(let bytes):
      recorder?.received(bytes)
      if let answer = server.handle(bytes: bytes) { send(answer) }
    case .oversized:
      send(
        Response(
          id: nil,
          outcome: .failure(.invalidRequest("message longer than \(reader.maxMessageBytes) bytes"))
        ).json)
    case .badHeader(let detail):
      send(Response(id: nil, outcome: .failure(.parseError("bad header: \(detail)"))).json)
      server.log("cannot read the Content-Length framing any further; closing")
      finish(code: 1)
    }
    flushNotifications()
    if let code = server.exitCode { finish(code: code) }
  }

  /// Writes the queued notifications: after the reply of the request that caused them.
  func flushNotifications() {
    server.publishDirty()
    for notification in server.takeOutbox() { send(notification) }
  }

  func send(_ message: JSONValue) {
    recorder?.sent(message)
    do {
      try writer.send(JSONWriter.encode(message))
    } catch {
      // The client closed our stdout: every reply sent so far was committed first, so
      // nothing acknowledged is lost by leaving now.
      server.log("stdout is closed; exiting")
      finish(code: 0)
    }
  }

  func finish(code: Int32) -> Never {
    server.store.close()
    exit(code)
  }
}

enum FileHandleOutput {
  static func stderr(_ text: String) { ServerLog.write(text) }
}
