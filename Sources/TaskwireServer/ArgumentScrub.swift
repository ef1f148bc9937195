import TaskwirePostgres

#if canImport(Glibc)
  import Glibc
#endif

/// Every local user can read a process's command line (`/proc/PID/cmdline`) for its whole life,
/// so a PostgreSQL password given in `--db` is overwritten in place at start, as PostgreSQL's
/// own tools do: the argument then reads as its redacted form (cut to the original length, the
/// rest zero bytes). There is a moment before this runs; `TASKWIRE_DB`, `~/.pgpass` or
/// `PGPASSWORD` never expose the password at all (README).
public enum ArgumentScrub {
  /// Overwrites every connection string's secrets in place, and says once on stderr, when
  /// there was one, where a password belongs instead (it was readable until now).
  public static func scrubPasswords() {
    var scrubbed = false
    defer {
      if scrubbed {
        ServerLog.write(
          "taskwire: warning: a password on the command line is readable by every local user until the server starts; give it in TASKWIRE_DB, ~/.pgpass or PGPASSWORD instead\n"
        )
      }
    }
    let count = Int(CommandLine.argc)
    for index in 1..<max(count, 1) {
      guard let pointer = CommandLine.unsafeArgv[index] else { continue }
      let original = String(cString: pointer)
      guard PostgresConninfo.isConninfo(original) else { continue }
      let shown = PostgresConninfo.redacted(original)
      if shown.contains("='***'") { scrubbed = true }
      let redacted = Array(shown.utf8)
      let length = strlen(pointer)
      for offset in 0..<length {
        pointer[offset] = offset < redacted.count ? CChar(bitPattern: redacted[offset]) : 0
      }
    }
  }
}
