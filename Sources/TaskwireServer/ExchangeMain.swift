import Foundation
import JSON
import TaskwireCore
import TaskwireExchange
import TaskwireStore

#if canImport(Glibc)
  import Glibc
#endif

/// `taskwire export`, `taskwire import` and `taskwire backup`: one-shot commands on a store,
/// through the same readers, writers and commit path as the `store/*` methods.
public enum ExchangeMain {
  public static let usage = """
    usage: taskwire export [--db PATH|URL] [--format taskwire|taskwarrior] [--completed]
                           [--time-zone TZ] [--output FILE]
           taskwire import [--db PATH|URL] [--format taskwire|taskwarrior] [--time-zone TZ]
                           [--json] FILE|-
           taskwire backup [--db PATH] FILE

      export   writes the open tasks (and with --completed, the completed ones) to stdout or
               FILE: taskwire's JSON (every field, the lists' order) or Taskwarrior's, which
               `task import` reads
      import   reads a taskwire or Taskwarrior export (`task export`), told apart by its
               content unless --format says; one undo step; a task imported before (same
               uuid) is updated; prints what it did (--json: the report as JSON)
      backup   copies a live SQLite store into FILE (SQLite's online backup: a consistent
               snapshot while other processes write); FILE must not exist
    """

  struct Arguments {
    var format: ExchangeFormat? = nil
    var completed = false
    var json = false
    var output: String? = nil
    var files: [String] = []
    var storeArguments: [String] = []
  }

  public static func run(command: String, arguments: [String]) -> Never {
    signal(SIGPIPE, SIG_IGN)
    var parsed = Arguments()
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      switch argument {
      case "--format":
        guard let name = rest.popFirst(), let format = ExchangeFormat(rawValue: name) else {
          fail("--format takes taskwire or taskwarrior", usage: true)
        }
        parsed.format = format
      case "--completed": parsed.completed = true
      case "--json": parsed.json = true
      case "--output", "-o":
        guard let path = rest.popFirst() else { fail("--output needs a file path", usage: true) }
        parsed.output = path
      case "--help", "-h":
        print(usage)
        exit(0)
      case "-": parsed.files.append(argument)
      case "--db", "--time-zone", "--clock", "--day-start":
        guard let value = rest.popFirst() else { fail("\(argument) needs a value", usage: true) }
        parsed.storeArguments += [argument, value]
      default:
        if argument.hasPrefix("-") { fail("unknown argument \"\(argument)\"", usage: true) }
        parsed.files.append(argument)
      }
    }
    let options: ServerOptions
    switch ServerOptions.parse(parsed.storeArguments, environment: ProcessInfo.processInfo.environment) {
    case .serve(let result): options = result
    case .print(let text): fail(text, usage: false)
    case .usageError(let message): fail(message, usage: true)
    }
    switch command {
    case "export": export(parsed, options)
    case "import": importFile(parsed, options)
    default: backup(parsed, options)
    }
  }

  static func fail(_ message: String, usage showUsage: Bool = false, code: Int32 = 2) -> Never {
    ServerLog.write("taskwire: \(message)\n" + (showUsage ? usage + "\n" : ""))
    exit(code)
  }

  /// The store, which must exist already (except for an import, which may start a new one).
  static func open(_ options: ServerOptions, mayCreate: Bool) -> any Storage {
    if options.postgres == nil, case .file(let path) = options.store, !mayCreate,
      !FileManager.default.fileExists(atPath: path)
    {
      fail("there is no store at \(path)", code: 1)
    }
    do {
      let storage = try ServerMain.openStorage(options)
      if let sqlite = storage as? SQLiteStorage, sqlite.createdFile, case .file(let path) = sqlite.location {
        ServerLog.write("taskwire: created a new, empty store at \(path)\n")
      }
      return storage
    } catch {
      fail("cannot open the store: \(error)", code: 1)
    }
  }

  static func clock(_ options: ServerOptions) -> ReplicaClock { ReplicaClock(fixed: options.fixedClock) }
}
