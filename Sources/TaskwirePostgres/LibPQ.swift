import CLibPQ

#if canImport(Glibc)
  import Glibc
#endif

/// libpq, opened on first use rather than linked: a run on a SQLite store never loads it, and
/// linking it made every start ~3 ms slower (its chain of TLS, Kerberos and LDAP libraries).
enum LibPQ {
  /// The library's functions, or why they are not available (said once, at connect time).
  static let loaded: Result<TWLibPQ, PostgresError> = open()

  static func functions() throws(PostgresError) -> TWLibPQ { try loaded.get() }

  private static func open() -> Result<TWLibPQ, PostgresError> {
    let names = ["libpq.so.5", "libpq.so", "libpq.5.dylib", "libpq.dylib"]
    guard let library = names.lazy.compactMap({ dlopen($0, RTLD_NOW | RTLD_LOCAL) }).first else {
      let reason = dlerror().map { String(cString: $0) } ?? "not found"
      return .failure(
        PostgresError(
          sqlState: nil, message: "PostgreSQL stores need libpq (apt-get install libpq5): \(reason)"))
    }
    let table = UnsafeMutablePointer<TWLibPQ>.allocate(capacity: 1)
    defer { table.deallocate() }
    if let missing = tw_libpq_resolve(library, table) {
      return .failure(PostgresError(sqlState: nil, message: "libpq lacks \(String(cString: missing))"))
    }
    return .success(table.pointee)
  }
}
