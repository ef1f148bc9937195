import Dispatch
import Foundation
import JSON
import JSONRPC
import TaskwireProtocol

#if canImport(Glibc)
  import Glibc
#endif

/// Serves stdin/stdout: a reader thread hands frames, in order, to one serial queue that owns
/// the server and its connection; replies are written from that queue, each flushed as it is
/// written. A timer on the same queue notices other writers and the day changing.
final class ServeLoop: @unchecked Sendable {
  let server: Server
  let reader: FrameReader
  let connection: Connection
  let queue = DispatchQueue(label: "taskwire.loop")
  /// Bounds how many frames wait for the loop, so a client writing without reading cannot
  /// grow the server's memory without limit.
  let inFlight = DispatchSemaphore(value: 64)
  var recorder: SessionRecorder? {
    get { connection.observer as? SessionRecorder }
    set { connection.observer = newValue }
  }

  init(server: Server, input: Int32, output: Int32, maxMessageBytes: Int) {
    self.server = server
    reader = FrameReader(descriptor: input, maxMessageBytes: maxMessageBytes)
    connection = Connection(sink: FrameWriter(descriptor: output), handler: server, maxMessageBytes: maxMessageBytes)
  }

  /// How often the loop looks for another process's commits and for a new day.
  static let pollInterval = DispatchTimeInterval.milliseconds(100)
  /// Housekeeping (a WAL checkpoint) runs at most this often, after changes.
  static let ticksPerIdle = 10
  private var ticks = 0
  private var timer: DispatchSourceTimer? = nil
  private var signalSources: [DispatchSourceSignal] = []

  func start() {
    let timer = DispatchSource.makeTimerSource(queue: queue)
    timer.schedule(deadline: .now() + Self.pollInterval, repeating: Self.pollInterval)
    timer.setEventHandler { [self] in
      if ticks % Self.ticksPerIdle == 0 { server.replica.idle() }
      ticks += 1
      server.poll()
      connection.flush()
      finishIfClosed()
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
          connection.receive(frame, framing: framing)
          finishIfClosed()
        }
      }
      queue.async { [self] in finish(code: 0) }
    }
    thread.start()
  }

  private func finishIfClosed() {
    if let code = connection.closeCode { finish(code: code) }
  }

  func finish(code: Int32) -> Never {
    server.replica.storage.close()
    exit(code)
  }
}
