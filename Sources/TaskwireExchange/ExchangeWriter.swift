import Foundation
import JSON
import TaskwireCore
import TaskwireStore

/// Writes an export as it reads the store, a task at a time, to `output` (a file, stdout, or a
/// buffer for a reply): memory does not grow with the number of tasks. One task per line, so
/// that two exports compare well with `diff` (or `compact`, on one line, inside a reply).
public struct ExchangeWriter {
  let storage: any Storage
  let dates: ExchangeDates
  let includeCompleted: Bool

  public init(storage: any Storage, dates: ExchangeDates, includeCompleted: Bool) {
    self.storage = storage
    self.dates = dates
    self.includeCompleted = includeCompleted
  }

  /// Bytes are handed to `output` in pieces of about this size.
  static let chunk = 64 * 1024

  /// Writes the export; returns how many tasks it holds.
  @discardableResult
  public func write(
    _ format: ExchangeFormat, exportedAt: String, compact: Bool = false, to output: ([UInt8]) throws -> Void
  ) throws -> Int {
    var buffer = JSONWriter()
    var count = 0
    func flush(_ force: Bool) throws {
      guard force || buffer.count >= Self.chunk else { return }
      try output(buffer.bytes)
      buffer = JSONWriter()
    }
    switch format {
    case .taskwire:
      buffer.append(raw: "{\"format\":\"taskwire\",\"version\":")
      buffer.append(integer: Int64(TaskwireDocumentReader.version))
      buffer.append(raw: ",\"exportedAt\":")
      buffer.writeString(exportedAt)
      buffer.append(raw: ",\"tasks\":[")
    case .taskwarrior:
      buffer.append(raw: "[")
    }
    let uuids = format == .taskwarrior ? try storage.externalIDs(source: ExchangeFormat.taskwarrior.rawValue) : [:]
    let uuidOfTask = Dictionary(uuids.map { ($0.value, $0.key) }, uniquingKeysWith: { min($0, $1) })
    // Taskwarrior has no items but tasks: its `project` names a task's project ("Home.Garden"
    // for project Garden in area Home), read from the structure's items (a first pass over
    // them alone: there are few).
    var structure: [Int64: TaskRecord] = [:]
    if format == .taskwarrior {
      try storage.forEachTask(includingCompleted: true) { item in
        if item.kind != .task { structure[item.id] = item }
      }
    }
    try storage.forEachTask(includingCompleted: includeCompleted) { task in
      if format == .taskwarrior, task.kind != .task { return }
      if count > 0 { buffer.append(raw: ",") }
      if !compact { buffer.append(raw: "\n") }
      count += 1
      switch format {
      case .taskwire: Self.writeTaskwire(task, into: &buffer)
      case .taskwarrior:
        let uuid = uuidOfTask[task.id] ?? TaskwarriorWriter.derivedUUID(of: task)
        buffer.write(
          TaskwarriorWriter(dates: dates).record(task, uuid: uuid, project: Self.projectPath(of: task, in: structure)))
      }
      try flush(false)
    }
    if !compact && count > 0 { buffer.append(raw: "\n") }
    buffer.append(raw: format == .taskwire ? "]}" : "]")
    if !compact { buffer.append(raw: "\n") }
    try flush(true)
    return count
  }

  /// "Area.Project" (a heading's project stands for it), "Project", "Area", or nil.
  static func projectPath(of task: TaskRecord, in structure: [Int64: TaskRecord]) -> String? {
    var names: [String] = []
    var next = task.parentID
    var hops = 0
    while let id = next, let item = structure[id], hops < 4 {
      if item.kind != .heading { names.insert(item.title, at: 0) }
      next = item.parentID
      hops += 1
    }
    return names.isEmpty ? nil : names.joined(separator: ".")
  }

  /// The protocol's task object with its two places after it.
  static func writeTaskwire(_ task: TaskRecord, into writer: inout JSONWriter) {
    var object = JSONWriter()
    task.write(into: &object)
    writer.append(encoded: object.bytes.dropLast())  // all but the closing brace
    writer.append(raw: ",\"rank\":")
    writer.append(integer: task.rank)
    writer.append(raw: ",\"matrixRank\":")
    writer.append(integer: task.matrixRank)
    if task.parentID != nil {
      writer.append(raw: ",\"parentRank\":")
      writer.append(integer: task.parentRank)
    }
    writer.append(raw: "}")
  }
}
