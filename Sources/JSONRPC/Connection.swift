import JSON

/// What a connection serves: it answers requests and carries out notifications, and may queue
/// messages of its own (notifications) to be sent after the reply that caused them.
public protocol MessageHandler: AnyObject {
  func answer(_ request: Request) -> Result<OutgoingJSON, RPCError>
  /// A notification is a call without an answer: carried out like a request, its result or
  /// error only logged by the handler.
  func carryOut(_ notification: Notification)
  /// The messages queued since the last call, sent after the current frame's reply.
  func takeQueued() -> [OutgoingJSON]
  /// Set when the handler is done (an `exit`): the connection closes after the current frame.
  var exitCode: Int32? { get }
  func log(_ text: String)
}

/// Sees every message in both directions (the session recorder).
public protocol ConnectionObserver: AnyObject {
  func received(_ bytes: [UInt8])
  func sent(_ message: OutgoingJSON)
}

/// The JSON-RPC 2.0 rules between a frame reader and a handler, knowing no method names: the
/// parse, batches (answered as one array, notifications in them silently carried out), the
/// envelope checks, `$/` notifications dropped, replies written in the framing the client
/// used, oversized messages and unreadable headers answered, and the handler's queued messages
/// written after each frame's reply. Fed frames one at a time by one serial loop.
public final class Connection {
  public let sink: any FrameSink
  public let maxMessageBytes: Int
  public weak var handler: (any MessageHandler)?
  public var observer: (any ConnectionObserver)? = nil
  /// Set when the connection is over: the client closed its end of our output (0), the handler
  /// said `exit`, or the input cannot be read any further (1).
  public private(set) var closeCode: Int32? = nil

  public init(sink: any FrameSink, handler: any MessageHandler, maxMessageBytes: Int) {
    self.sink = sink
    self.handler = handler
    self.maxMessageBytes = maxMessageBytes
  }

  /// Handles one frame: writes its answer, then whatever the handler queued.
  public func receive(_ frame: Frame, framing: Framing) {
    sink.framing = framing
    switch frame {
    case .message(let bytes):
      observer?.received(bytes)
      if let answer = answer(bytes) { send(answer) }
    case .oversized:
      send(Response(id: nil, outcome: .failure(.invalidRequest("message longer than \(maxMessageBytes) bytes"))).json)
    case .badHeader(let detail):
      send(Response(id: nil, outcome: .failure(.parseError("bad header: \(detail)"))).json)
      handler?.log("cannot read the Content-Length framing any further; closing")
      closeCode = closeCode ?? 1
    }
    flush()
    if let code = handler?.exitCode { closeCode = closeCode ?? code }
  }

  /// Writes the messages the handler queued (after a frame, or on a timer).
  public func flush() {
    for message in handler?.takeQueued() ?? [] { send(message) }
  }

  /// The answer to one line (or Content-Length body), or nil when nothing is to be sent.
  func answer(_ bytes: [UInt8]) -> OutgoingJSON? {
    let value: JSONValue
    do {
      value = try JSONParser.parse(bytes)
    } catch {
      let rpc: RPCError = error.kind == .duplicateKey ? .invalidRequest(error.message) : .parseError(error.description)
      return Response(id: nil, outcome: .failure(rpc)).json
    }
    guard case .array(let batch) = value else { return answer(message: value)?.json }
    if batch.isEmpty {
      return Response(id: nil, outcome: .failure(.invalidRequest("an empty batch"))).json
    }
    let answers = batch.compactMap { answer(message: $0)?.json }
    return answers.isEmpty ? nil : .array(answers)
  }

  func answer(message value: JSONValue) -> Response? {
    switch Message.decode(value) {
    case .failure(let response):
      return response
    case .success(.response):
      handler?.log("ignored a response from the client: this server sends no requests")
      return nil
    case .success(.notification(let notification)):
      // `$/` notifications (LSP's $/cancelRequest, $/setTrace…) may be ignored by the spec.
      if !notification.method.hasPrefix("$/") { handler?.carryOut(notification) }
      return nil
    case .success(.request(let request)):
      guard let handler else { return Response(id: request.id, outcome: .failure(.internalError("no handler"))) }
      return Response(id: request.id, outcome: handler.answer(request))
    }
  }

  public func send(_ message: OutgoingJSON) {
    guard closeCode != 0 else { return }
    observer?.sent(message)
    do {
      if let writer = sink as? FrameWriter, writer.framing == .newline {
        // A line is written as it is encoded: a long list is never held whole.
        try writer.stream { json in json.write(message) }
      } else {
        try sink.send(JSONWriter.encode(message))
      }
    } catch {
      // The client closed our output: every reply sent so far was committed first, so nothing
      // acknowledged is lost by leaving now.
      handler?.log("stdout is closed; exiting")
      closeCode = 0
    }
  }
}

/// Where a connection writes whole messages: a file descriptor (`FrameWriter`) or memory.
public protocol FrameSink: AnyObject {
  var framing: Framing { get set }
  func send(_ body: consuming [UInt8]) throws(FrameWriter.Closed)
}

extension FrameWriter: FrameSink {}

/// The in-memory twin of a `FrameWriter`, for tests that drive a whole server in-process: it
/// keeps every message sent, in order, for the test to read.
public final class MemorySink: FrameSink {
  public var framing: Framing = .newline
  public private(set) var messages: [[UInt8]] = []
  /// Set to make the next sends fail, as a closed pipe would.
  public var isClosed = false

  public init() {}

  public func send(_ body: consuming [UInt8]) throws(FrameWriter.Closed) {
    if isClosed { throw FrameWriter.Closed() }
    messages.append(body)
  }

  /// Takes the messages sent so far.
  public func take() -> [[UInt8]] {
    defer { messages.removeAll() }
    return messages
  }
}

extension Connection {
  /// A connection whose output stays in memory: feed it frames with `receive` and read what it
  /// sent from the sink.
  public static func memory(handler: any MessageHandler, maxMessageBytes: Int = 8 << 20) -> (Connection, MemorySink) {
    let sink = MemorySink()
    return (Connection(sink: sink, handler: handler, maxMessageBytes: maxMessageBytes), sink)
  }
}
