import Foundation
import TaskwirePostgres
import TaskwireStore
import TaskwireSync

/// `taskwire new-device [--db PATH] [--device-id HEX]`: makes a copied replica file a device of
/// its own (Protocol/devices.md, *Built so far*). Two copies of one replica file are one
/// device to the shared log, which refuses the second's records (its sync stops, and says so);
/// on each copy whose sync stopped, this gives the file a new device, makes what it has not
/// sent again as that device's (but what the log, asked through `$TASKWIRE_SHARED_DB`, never
/// argv, holds as it is), and syncs the file. Refused while a server holds the file's sync.
public enum NewDeviceMain {
  public static func run(arguments: [String]) -> Never {
    let environment = ProcessInfo.processInfo.environment
    guard case .serve(let options) = ServerOptions.parse(arguments, environment: environment), !options.resident,
      options.recordPath == nil, options.postgres == nil, case .file(let path) = options.store
    else {
      fail("usage: taskwire new-device --db REPLICA.sqlite [--device-id HEX] [--time-zone TZ] [--clock TIME]", code: 2)
    }
    guard let shared = environment["TASKWIRE_SHARED_DB"], !shared.isEmpty else {
      fail("$TASKWIRE_SHARED_DB must name the shared store (a postgresql:// URL): what it holds decides", code: 2)
    }
    ReplicaCommand.takeSyncLock("new-device", path: path, refusal: "stop its servers first")
    do {
      let storage = try ServerMain.openStorage(options)
      defer { storage.close() }
      guard ReplicaFiles.isReplica(storage) else { fail("\(path) is not a replica file", code: 2) }
      let server = Server(storage: storage, options: options)
      let sync = try SyncReplica.attach(to: server.replica)
      let before = sync.device
      var random = SystemRandomNumberGenerator()
      let device = options.replicaDevice.flatMap(DeviceID.init) ?? DeviceID(random.next() | 1)
      guard device != before else { fail("the file is device \(before) already", code: 2) }
      guard let store = try sync.sharedStore() else {
        fail("\(path) never synced: it is no copy of a device that did (nothing to do)", code: 2)
      }
      let log = try PostgresLog(conninfo: SyncAgent.withDefaults(shared), genesis: Genesis.entries)
      defer { log.close() }
      guard store == log.storeID else {
        fail("this replica belongs to shared store \(store), not to \(log.storeID)", code: 1)
      }
      guard try !log.hasRecords(of: device.description) else {
        fail("device \(device) has records in the shared log already: another device is it", code: 2)
      }
      let unsent = try sync.outgoing()
      let inLog = try log.lookUp(unsent.map { ($0.id, $0.body) })
      let renewal = try sync.becomeNewDevice(device, inLog: inLog)
      let made = "the file is device \(device) now (it was \(before))"
      // (Synced at once as the new device: its cursor passes the records it sent as the old one.)
      do {
        try sync.sync(through: log, compactAfter: options.compactAfter) { FileHandleOutput.stderr("taskwire \($0)\n") }
      } catch {
        fail("\(made), but its sync failed: \(PostgresConninfo.redacted(String(describing: error)))", code: 1)
      }
      ReplicaCommand.end(
        "new-device",
        "\(made); of its \(unsent.count) unsent change(s), \(renewal.remade) made again as its own, "
          + "\(renewal.placed) found in the log; synced; start its servers again", code: 0)
    } catch {
      fail(PostgresConninfo.redacted(String(describing: error)), code: 1)
    }
  }

  static func fail(_ message: String, code: Int32) -> Never { ReplicaCommand.end("new-device", message, code: code) }
}
