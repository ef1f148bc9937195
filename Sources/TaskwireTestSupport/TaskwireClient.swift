// Test support is built only where Swift Testing is (a release build of the package has no
// Testing module, and links none of this).
#if canImport(Testing)
  import JSON
  import Testing

  /// What a test drives: a server over real pipes (`TaskwireProcess`) or in-process through the
  /// memory connection (`InProcessClient`), with the same calls, so that a suite can run on either.
  public protocol TaskwireClient: AnyObject {
    /// Sends a request and returns the whole response message; notifications that arrive before
    /// it are set aside in `skippedNotifications`.
    func call(_ method: String, _ params: JSONValue?) throws -> JSONValue
    func send(_ line: String)
    /// The next message the server sent.
    func readMessage(timeout: Double) throws -> JSONValue
    var skippedNotifications: [JSONValue] { get set }
    /// A new request id (1, 2, 3…).
    func nextRequestID() -> Int
  }

  extension TaskwireClient {
    public func call(_ method: String, _ params: JSONValue? = nil) throws -> JSONValue {
      let id = nextRequestID()
      var message: JSONObject = ["jsonrpc": "2.0", "id": .int(id), "method": .string(method)]
      if let params { message["params"] = params }
      send(.object(message))
      var response = try readMessage(timeout: 10)
      // Notifications may come before the reply; a client sets them aside.
      while response["id"] == nil, response["method"] != nil {
        skippedNotifications.append(response)
        response = try readMessage(timeout: 10)
      }
      #expect(response.objectValue?["id"] == .int(id), "reply to \(method) has the request's id")
      return response
    }

    public func call(_ method: String) throws -> JSONValue { try call(method, nil) }

    public func send(_ value: JSONValue) { send(JSONWriter.string(value)) }

    /// Sends a request and returns its result, failing the test on an error.
    @discardableResult
    public func result(_ method: String, _ params: JSONValue? = nil) throws -> JSONValue {
      let response = try call(method, params)
      let object = try #require(response.objectValue)
      #expect(
        object["error"] == nil,
        "\(method) \(params.map(JSONWriter.string) ?? "") failed: \(JSONWriter.string(response))")
      return try #require(object["result"], "\(method) has no result: \(JSONWriter.string(response))")
    }

    /// Sends a request that must fail, and returns its error object.
    public func error(_ method: String, _ params: JSONValue? = nil) throws -> JSONObject {
      let response = try call(method, params)
      return try #require(
        response.objectValue?["error"]?.objectValue, "\(method) should fail: \(JSONWriter.string(response))")
    }

    /// A view's content as a user sees it: `view/list` without its version counter.
    public func content(_ view: String) throws -> JSONValue {
      var list = try #require(try result("view/list", ["view": .string(view)]).objectValue)
      list["version"] = nil
      return .object(list)
    }

    /// Sends a request and returns its result and the notifications that follow it, read until
    /// a sentinel request answers (notifications come after the reply they follow).
    public func resultAndNotifications(_ method: String, _ params: JSONValue? = nil) throws -> (JSONValue, [JSONValue])
    {
      let response = try call(method, params)
      var notifications: [JSONValue] = []
      send(#"{"jsonrpc":"2.0","id":"sentinel","method":"history/list","params":{"limit":1}}"#)
      while true {
        let message = try readMessage(timeout: 10)
        if message["id"] == "sentinel" { break }
        notifications.append(message)
      }
      return (response, notifications)
    }
  }
#endif
