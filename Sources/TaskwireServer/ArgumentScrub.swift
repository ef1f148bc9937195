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
  public static func scrubPasswords() {
    let count = Int(CommandLine.argc)
    for index in 1..<max(count, 1) {
      guard let pointer = CommandLine.unsafeArgv[index] else { continue }
      let original = String(cString: pointer)
      guard PostgresConninfo.isConninfo(original) else { continue }
      let redacted = Array(PostgresConninfo.redacted(original).utf8)
      let length = strlen(pointer)
      for offset in 0..<length {
        pointer[offset] = offset < redacted.count ? CChar(bitPattern: redacted[offset]) : 0
      }
    }
  }
}
