import Foundation
import JSON
import TaskwireProtocol

/// `taskwire replay FILE…`: replays each recorded session against a fresh server started from
/// this same binary. Exit code 0 when every session replays, 1 otherwise.
public enum ReplayMain {
  public static func run(files arguments: [String]) -> Never {
    var files = arguments
    var postgres: String? = nil
    if files.first == "--db", files.count >= 2 {
      postgres = files[1]
      files.removeFirst(2)
    }
    guard !files.isEmpty else {
      FileHandle.standardError.write(Data("usage: taskwire replay [--db postgresql://…] FILE...\n".utf8))
      exit(2)
    }
    let executable = URL(
      fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        ?? CommandLine.arguments[0])
    let document = OpenRPCDocument.value
    var replayer = Replayer(server: executable, checker: ContractChecker(document: document))
    replayer.postgres = postgres
    var failures = 0
    var skipped = 0
    for file in files {
      do {
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let session = try SessionFile(text: text)
        // A replica is a device's SQLite file by nature: its sessions have no PostgreSQL form.
        if postgres != nil, session.flags.contains("--replica") {
          skipped += 1
          print("skip  \(file) (a replica's session: SQLite only)")
          continue
        }
        try replayer.replay(session, name: file)
        print("ok    \(file)")
      } catch {
        failures += 1
        print("FAIL  \(error)")
      }
    }
    print(
      "\(files.count - failures - skipped) of \(files.count) sessions replayed"
        + (skipped > 0 ? ", \(skipped) skipped" : ""))
    exit(failures == 0 ? 0 : 1)
  }
}
