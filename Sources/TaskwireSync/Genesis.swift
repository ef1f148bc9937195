import TaskwireCore
import TaskwirePostgres
import TaskwireStore

/// What a store held before it was shared (Protocol/devices.md, "Migration"): its tasks as
/// creations (each with its id there, `legacyId`), in genesis records of `chunk` items, timed
/// at the start of every clock (wall 0) so that any change made since, on any device, wins over
/// them. A store that becomes a
/// replica keeps them as its first records; a shared PostgreSQL store that had tasks before its
/// log starts the log with them (device 0, which no device is).
public enum Genesis {
  static let chunk = 1000

  /// Genesis records for every task of `storage` (none for an empty one).
  public static func records(of storage: any Storage, device: DeviceID, at: String) throws -> [ChangeRecord] {
    var tasks: [TaskRecord] = []
    try storage.forEachTask(includingCompleted: true) { tasks.append($0) }
    var uuids: [Int64: ItemUUID] = [:]
    for task in tasks { uuids[task.id] = task.uuid }
    var records: [ChangeRecord] = []
    var start = 0
    while start < tasks.count {
      let part = tasks[start..<min(tasks.count, start + chunk)]
      let hlc = HybridTime(wall: 0, counter: UInt16(truncatingIfNeeded: records.count), device: device)
      // Each item with the id it had here, for the devices that take it in.
      let idOf = Dictionary(part.map { ($0.uuid, $0.id) }) { first, _ in first }
      var items = RecordBuilder.items(for: part.map { TaskChange(before: nil, after: $0) }) { uuids[$0] }
      for index in items.indices { items[index].legacyID = idOf[items[index].uuid] }
      records.append(
        ChangeRecord(
          id: ItemUUID.nameBased(namespace: .none, name: hlc.description), hlc: hlc, seen: 0, kind: .genesis,
          label: "genesis", client: "taskwire", at: at,
          items: items))
      start += chunk
    }
    return records
  }
}

extension Genesis {
  /// A shared store's own tasks (made before it had a log: today's PostgreSQL stores) as the
  /// log's first entries: `PostgresLog(conninfo:genesis:)`.
  public static func entries(of store: PostgresStorage) throws -> [PostgresLog.Entry] {
    try records(of: store, device: DeviceID(0), at: "").map {
      PostgresLog.Entry(
        seq: 0, id: $0.id.description, hlc: $0.hlc.description, seen: 0, body: $0.text, device: $0.device.description)
    }
  }
}
