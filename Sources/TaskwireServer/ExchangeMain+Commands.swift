import Foundation
import JSON
import TaskwireCore
import TaskwireExchange
import TaskwireStore

#if canImport(Glibc)
  import Glibc
#endif

extension ExchangeMain {
  /// Streams the export to stdout or `--output` (written aside and renamed when complete).
  static func export(_ arguments: Arguments, _ options: ServerOptions) -> Never {
    guard arguments.files.isEmpty else { fail("export takes no file; use --output FILE", usage: true) }
    let storage = open(options, mayCreate: false)
    defer { storage.close() }
    let writer = ExchangeWriter(
      storage: storage, dates: ExchangeDates(timeZone: options.timeZone), includeCompleted: arguments.completed)
    let exportedAt = DayClock.timestamp(clock(options).now)
    do {
      let count: Int
      if let path = arguments.output {
        let file = try AtomicFile(path: path)
        do {
          count = try writer.write(arguments.format ?? .taskwire, exportedAt: exportedAt) { try file.write($0) }
          try file.commit()
        } catch {
          file.discard()
          throw error
        }
      } else {
        count = try writer.write(arguments.format ?? .taskwire, exportedAt: exportedAt) { try writeOut($0) }
      }
      ServerLog.write("taskwire: exported \(count) tasks\n")
    } catch {
      fail("export failed: \(error)", code: 1)
    }
    storage.close()
    exit(0)
  }

  /// Reads and checks the whole file first; imports it as one step; says what it did.
  static func importFile(_ arguments: Arguments, _ options: ServerOptions) -> Never {
    guard arguments.files.count == 1, let path = arguments.files.first else {
      fail("import takes one file (or - for standard input)", usage: true)
    }
    let dayClock = DayClock(timeZone: options.timeZone, dayStartHour: options.dayStartHour)
    let now = clock(options).now
    let source = ImportSource(
      dates: ExchangeDates(timeZone: options.timeZone), now: DayClock.timestamp(now), today: dayClock.day(of: now))
    let batch: ImportBatch
    do {
      batch = try source.batch(bytes: ImportSource.read(path: path), format: arguments.format)
    } catch {
      fail("nothing was imported: \(error)", code: 1)
    }
    let storage = open(options, mayCreate: true)
    let replica = Replica(storage: storage, dayClock: dayClock, clock: clock(options))
    replica.client = "taskwire import"
    replica.log = { ServerLog.write("taskwire: \($0)\n") }
    let report: ImportReport
    do {
      // Into a replica, the import is one change record like any other step.
      let sync = try ReplicaFiles.attach(replica, options)
      defer { withExtendedLifetime(sync) {} }
      try replica.prepare(forChange: true)
      report = try replica.importBatch(batch)
    } catch {
      fail("nothing was imported: \(error)", code: 1)
    }
    storage.close()
    if arguments.json {
      print(JSONWriter.string(report.response(format: batch.format).json))
    } else {
      print(summary(report, format: batch.format), terminator: "")
    }
    exit(0)
  }

  /// The report as a person reads it.
  static func summary(_ report: ImportReport, format: ExchangeFormat) -> String {
    var text =
      "Read \(report.read) records from a \(format.rawValue) export: \(report.created) new, \(report.updated) updated, \(report.unchanged) unchanged.\n"
    for (reason, tally) in report.skipped.sorted(by: { $0.key < $1.key }) {
      text += "Skipped \(tally.count): \(reason) (e.g. \(tally.examples.map { "\"\($0)\"" }.joined(separator: ", ")))\n"
    }
    for (field, tally) in report.unmapped.sorted(by: { $0.key < $1.key }) {
      text +=
        "Not taken over as it was, \(tally.count)×: \(field) (e.g. \(tally.examples.map { "\"\($0)\"" }.joined(separator: ", ")))\n"
    }
    if let step = report.step { text += "One undo step: \(step)\n" }
    return text
  }

  /// `taskwire backup FILE`: SQLite's online backup of a live store.
  static func backup(_ arguments: Arguments, _ options: ServerOptions) -> Never {
    guard arguments.files.count == 1, let target = arguments.files.first, target != "-" else {
      fail("backup takes the file to write", usage: true)
    }
    if options.postgres != nil { fail("a PostgreSQL store is backed up with pg_dump, not taskwire backup", code: 1) }
    var existing = stat()
    guard lstat(target, &existing) != 0 else {  // (a link counts: nothing is written through one)
      fail("\(target) exists; taskwire backup writes a new file only", code: 1)
    }
    guard let storage = open(options, mayCreate: false) as? SQLiteStorage else { fail("not an SQLite store", code: 1) }
    defer { storage.close() }
    do {
      try storage.backup(to: target)
    } catch {
      unlink(target)
      fail("backup failed: \(error)", code: 1)
    }
    ServerLog.write("taskwire: backed up \(storage.summary) to \(target)\n")
    storage.close()
    exit(0)
  }

  private static func writeOut(_ bytes: [UInt8]) throws {
    try SafeFile.writeAll(bytes, to: 1, path: "standard output")
  }
}
