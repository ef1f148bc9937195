/// Connection strings: which `--db` values are PostgreSQL, how to show one without its
/// password, and how to point one at another schema.
public enum PostgresConninfo {
  /// A `postgresql://` or `postgres://` URL, or a libpq `key=value` string.
  public static func isConninfo(_ text: String) -> Bool {
    if text.hasPrefix("postgresql://") || text.hasPrefix("postgres://") { return true }
    let keys = ["host=", "hostaddr=", "dbname=", "user=", "port=", "service="]
    return keys.contains { key in text.hasPrefix(key) || text.contains(" " + key) }
  }

  /// The string with any password replaced by `***` (`user:secret@`, `password=secret`).
  public static func redacted(_ text: String) -> String {
    guard isConninfo(text) else { return text }
    var result = text
    if let scheme = result.range(of: "://"), let at = result[scheme.upperBound...].firstIndex(of: "@") {
      let credentials = result[scheme.upperBound..<at]
      if let colon = credentials.firstIndex(of: ":") {
        result.replaceSubrange(result.index(after: colon)..<at, with: "***")
      }
    }
    for key in ["password=", "password%3D"] {
      while let range = result.range(of: key), !result[range.upperBound...].hasPrefix("***") {
        let end = result[range.upperBound...].firstIndex { $0 == " " || $0 == "&" } ?? result.endIndex
        result.replaceSubrange(range.upperBound..<end, with: "***")
      }
    }
    return result
  }

  /// The connection string with its search path set to `schema` (a fresh schema per replayed
  /// session or test).
  public static func with(schema: String, _ conninfo: String) -> String {
    if conninfo.hasPrefix("postgresql://") || conninfo.hasPrefix("postgres://") {
      return conninfo + (conninfo.contains("?") ? "&" : "?") + "options=-csearch_path%3D\(schema)"
    }
    return conninfo + " options='-csearch_path=\(schema)'"
  }
}
