import CLibPQ
import Foundation
import TaskwireStore

/// A failure of PostgreSQL or of the way to it, with its SQLSTATE; never holding a password
/// (libpq's messages name the host, port and user, not the password).
public struct PostgresError: StorageFailure, Sendable {
  public var sqlState: String?
  public var message: String
  public var description: String { "PostgreSQL error\(sqlState.map { " \($0)" } ?? ""): \(message)" }
  /// A lock wait past `lock_timeout` (55P03), or a deadlock (40P01): trying again may work.
  public var isBusy: Bool { sqlState == "55P03" || sqlState == "40P01" }
  public var backendName: String { "postgresql" }
  public var detail: String { message }
}

/// One libpq connection, owned by one serial loop. Parameters go as text (`$1`, `$2`, …) and
/// results come back as text; statements are prepared once per connection.
final class PostgresConnection {
  let conninfo: String
  private(set) var handle: OpaquePointer?
  private var prepared: [String: String] = [:]
  let pq: TWLibPQ

  init(conninfo: String) throws {
    self.conninfo = conninfo
    pq = try LibPQ.functions()
    handle = pq.connectdb(conninfo)
    // libpq prints notices (such as what a DROP cascades to) on stderr: they are not ours to log.
    if let handle { _ = pq.setNoticeProcessor(handle, { _, _ in }, nil) }
    guard status == CONNECTION_OK else {
      let error = PostgresError(sqlState: nil, message: "cannot connect: \(errorMessage)")
      pq.finish(handle)
      handle = nil
      throw error
    }
  }

  deinit { close() }

  func close() {
    if let handle { pq.finish(handle) }
    handle = nil
  }

  var status: ConnStatusType { handle.map { pq.status($0) } ?? CONNECTION_BAD }
  var isConnected: Bool { status == CONNECTION_OK }
  var errorMessage: String {
    guard let handle, let text = pq.errorMessage(handle) else { return "no connection" }
    return String(cString: text).trimmingTrailingNewlines
  }
  var socket: Int32 { handle.map { pq.socket($0) } ?? -1 }
  var backendPID: Int32 { handle.map { pq.backendPID($0) } ?? 0 }
  var serverVersion: Int32 { handle.map { pq.serverVersion($0) } ?? 0 }
  /// Where the connection went, as libpq resolved it (no password): host, port, user, database.
  var endpoint: (host: String, port: String, user: String, database: String) {
    func text(_ value: UnsafeMutablePointer<CChar>?) -> String { value.map { String(cString: $0) } ?? "?" }
    guard let handle else { return ("?", "?", "?", "?") }
    return (text(pq.host(handle)), text(pq.port(handle)), text(pq.user(handle)), text(pq.db(handle)))
  }

  /// Connects again (after a drop): prepared statements are gone with the old session.
  func reset() -> Bool {
    guard let handle else { return false }
    pq.reset(handle)
    prepared.removeAll()
    return isConnected
  }

  /// Runs SQL without parameters (several statements allowed).
  @discardableResult
  func execute(_ sql: String) throws(PostgresError) -> PostgresResult {
    guard let handle else { throw PostgresError(sqlState: nil, message: "no connection") }
    return try check(pq.exec(handle, sql))
  }

  /// Runs one statement with text parameters, prepared on first use. Text is sent escaped
  /// (`PostgresText`) unless `escaping` is false: a JSON document whose strings are escaped
  /// already, and which must stay JSON.
  @discardableResult
  func query(_ sql: String, _ values: [RowValue] = [], escaping: Bool = true) throws(PostgresError)
    -> PostgresResult
  {
    guard let handle else { throw PostgresError(sqlState: nil, message: "no connection") }
    let name: String
    if let known = prepared[sql] {
      name = known
    } else {
      name = "s\(prepared.count)"
      _ = try check(pq.prepare(handle, name, sql, Int32(values.count), nil))
      prepared[sql] = name
    }
    let texts: [String?] = values.map {
      switch $0 {
      case .null: nil
      case .integer(let number): String(number)
      case .text(let text): escaping ? PostgresText.escape(text) : text
      }
    }
    var pointers: [UnsafeMutablePointer<CChar>?] = texts.map { $0.map { strdup($0) } ?? nil }
    defer { for pointer in pointers { free(pointer) } }
    let result = pointers.withUnsafeMutableBufferPointer { buffer in
      buffer.withMemoryRebound(to: UnsafePointer<CChar>?.self) { rebound in
        pq.execPrepared(handle, name, Int32(values.count), rebound.baseAddress, nil, nil, 0)
      }
    }
    return try check(result)
  }

  private func check(_ result: OpaquePointer?) throws(PostgresError) -> PostgresResult {
    guard let result else { throw PostgresError(sqlState: nil, message: errorMessage) }
    switch pq.resultStatus(result) {
    case PGRES_COMMAND_OK, PGRES_TUPLES_OK:
      return PostgresResult(result, pq)
    default:
      let state = pq.resultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) }
      let text = pq.resultErrorMessage(result).map { String(cString: $0) } ?? errorMessage
      pq.clear(result)
      throw PostgresError(sqlState: state, message: text.trimmingTrailingNewlines)
    }
  }

  /// The notifications that arrived (after reading what the socket holds), as sender pids.
  func notifications() -> [Int32] {
    guard let handle, pq.consumeInput(handle) == 1 else { return [] }
    var senders: [Int32] = []
    while let notify = pq.notifies(handle) {
      senders.append(notify.pointee.be_pid)
      pq.freemem(notify)
    }
    return senders
  }
}

/// A query's rows, as text.
final class PostgresResult: TaskRowSource {
  let raw: OpaquePointer
  private let pq: TWLibPQ
  var row: Int32 = 0

  init(_ raw: OpaquePointer, _ pq: TWLibPQ) {
    self.raw = raw
    self.pq = pq
  }
  deinit { pq.clear(raw) }

  var count: Int { Int(pq.ntuples(raw)) }

  func isNull(_ column: Int32) -> Bool { pq.getisnull(raw, row, column) == 1 }

  func text(_ column: Int32) -> String? {
    guard row < pq.ntuples(raw), !isNull(column), let value = pq.getvalue(raw, row, column) else { return nil }
    return PostgresText.unescape(String(cString: value))
  }

  func int(_ column: Int32) -> Int64 {
    guard row < pq.ntuples(raw), !isNull(column), let value = pq.getvalue(raw, row, column) else { return 0 }
    return Int64(String(cString: value)) ?? 0
  }

  /// Every row, read by `read` with this result positioned on it.
  func rows<T>(_ read: (PostgresResult) -> T) -> [T] {
    (0..<Int32(count)).map { index in
      row = index
      return read(self)
    }
  }
}

/// PostgreSQL's text cannot hold U+0000, which a task's title may: text is stored with
/// backslashes doubled and NUL written as `\0`, and read back the same way.
enum PostgresText {
  static func escape(_ text: String) -> String {
    guard text.utf8.contains(where: { $0 == 0 || $0 == UInt8(ascii: "\\") }) else { return text }
    return text.replacingAll("\\", with: "\\\\").replacingAll("\u{0}", with: "\\0")
  }

  static func unescape(_ text: String) -> String {
    guard text.utf8.contains(UInt8(ascii: "\\")) else { return text }
    var result = ""
    var escaping = false
    for character in text {
      if escaping {
        result.append(character == "0" ? "\u{0}" : character)
        escaping = false
      } else if character == "\\" {
        escaping = true
      } else {
        result.append(character)
      }
    }
    return result
  }
}

extension String {
  var trimmingTrailingNewlines: String {
    var text = self
    while text.last?.isNewline == true { text.removeLast() }
    return text
  }

  func replacingAll(_ target: String, with replacement: String) -> String {
    split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
  }
}
