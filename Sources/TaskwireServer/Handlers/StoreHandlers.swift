import Foundation
import JSON
import JSONRPC
import TaskwireExchange
import TaskwireProtocol
import TaskwireStore

/// Import and export as methods, so that a frontend can offer "Import…" and "Export…": the
/// same readers, writers and commit path as `taskwire import` and `taskwire export`.
extension Server {
  static func registerStore(_ methods: inout Dispatcher) {
    methods.on(StoreImportRequest.self, .change) { server, params in try server.importTasks(params) }
    methods.on(StoreExportRequest.self, .read) { server, params in try server.exportTasks(params) }
  }

  static let noStandardStream =
    "must name a file: \"-\" (standard input or output) is the protocol's own stream here; send the document in the request or read it from the reply"

  var exchangeDates: ExchangeDates { ExchangeDates(timeZone: replica.dayClock.timeZone) }

  func importTasks(_ params: StoreImportRequest.Params) throws -> StoreImportRequest.Response {
    let source = ImportSource(dates: exchangeDates, now: replica.timestamp, today: replica.today)
    let format = params.format.flatMap(ExchangeFormat.init(rawValue:))
    // `-` is standard input for the command line; over the protocol that is the request
    // stream itself, which an import would swallow.
    if case .path("-") = params.source { throw RPCError.invalidParams("path", Self.noStandardStream) }
    let batch: ImportBatch
    do {
      switch params.source {
      case .path(let path): batch = try source.batch(bytes: ImportSource.read(path: path), format: format)
      case .document(let document): batch = try source.batch(document: document, format: format)
      }
    } catch {
      throw RPCError.cannotImport(error)
    }
    let report = try replica.importBatch(batch)
    info(
      "imported \(report.read) records from \(batch.format.rawValue): \(report.created) new, \(report.updated) updated")
    return report.response(format: batch.format)
  }

  func exportTasks(_ params: StoreExportRequest.Params) throws -> StoreExportRequest.Response {
    let format = ExchangeFormat(rawValue: params.format) ?? .taskwire
    let writer = ExchangeWriter(storage: replica.storage, dates: exchangeDates, includeCompleted: params.completed)
    guard let path = params.path else {
      var bytes: [UInt8] = []
      let count = try writer.write(format, exportedAt: replica.timestamp, compact: true) { bytes += $0 }
      return .init(format: format.rawValue, count: count, path: nil, document: RawJSON(bytes: bytes))
    }
    guard path != "-" else { throw RPCError.invalidParams("path", Self.noStandardStream) }
    let file = try AtomicFile(path: path)
    let count: Int
    do {
      count = try writer.write(format, exportedAt: replica.timestamp, compact: false) { try file.write($0) }
      try file.commit()
    } catch {
      file.discard()
      throw error
    }
    return .init(format: format.rawValue, count: count, path: path, document: nil)
  }
}

extension RPCError {
  /// A file that cannot be imported: nothing of it was. `data.record` is the task's position in
  /// the file (from 0), or null when the problem is the file as a whole.
  static func cannotImport(_ error: ImportError) -> RPCError {
    RPCError(
      code: invalidParamsCode, message: "The file cannot be imported: \(error)",
      data: ["record": error.record.map(JSONValue.int) ?? .null, "problem": .string(error.message)])
  }
}
