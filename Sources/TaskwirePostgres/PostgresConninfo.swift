import Foundation

/// Connection strings: which `--db` values are PostgreSQL, how to show one without its
/// password, and how to point one at another schema.
public enum PostgresConninfo {
  /// A `postgresql://` or `postgres://` URL, or a libpq `key=value` string.
  public static func isConninfo(_ text: String) -> Bool {
    if text.hasPrefix("postgresql://") || text.hasPrefix("postgres://") { return true }
    // A known key at the start or after a space, then `=` (libpq allows spaces around it:
    // `host = /tmp`). Scanned by hand: no regular expression library loaded at every start.
    let bytes = Array(text.utf8)
    let keys = ["host", "hostaddr", "dbname", "user", "port", "service", "password"].map { Array($0.utf8) }
    let space: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    for start in bytes.indices where start == 0 || space(bytes[start - 1]) {
      for key in keys where bytes[start...].starts(with: key) {
        var after = start + key.count
        while after < bytes.count, space(bytes[after]) { after += 1 }
        if after < bytes.count, bytes[after] == UInt8(ascii: "=") { return true }
      }
    }
    return false
  }

  /// The string as libpq reads it (`PQconninfoParse`, so every spelling libpq accepts: quoted
  /// values with spaces, spaces around `=`, percent-encoded URL keys), written back as
  /// `key='value'` pairs with every secret option (libpq marks them with the display character
  /// `*`: the password, the SSL key's password) as `***`. A string libpq cannot read, or no
  /// libpq at all, is hidden whole: a recording or a log never holds a password.
  public static func redacted(_ text: String) -> String {
    guard isConninfo(text) else { return scrubbed(text) }
    guard let pq = try? LibPQ.functions() else {
      return "(a PostgreSQL connection string, hidden: no libpq to read it)"
    }
    var error: UnsafeMutablePointer<CChar>? = nil
    guard let options = pq.conninfoParse(text, &error) else {
      if let error { pq.freemem(error) }
      return "(a PostgreSQL connection string that libpq cannot read, hidden)"
    }
    defer { pq.conninfoFree(options) }
    var pairs: [String] = []
    var option = options
    while let keyword = option.pointee.keyword {
      if let value = option.pointee.val {
        let secret = option.pointee.dispchar.map { String(cString: $0).contains("*") } ?? false
        let shown = secret ? "***" : String(cString: value)
        let quoted = shown.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
        pairs.append("\(String(cString: keyword))='\(quoted)'")
      }
      option += 1
    }
    return pairs.joined(separator: " ")
  }

  /// The connection string with its search path set to `schema` (a fresh schema per replayed
  /// session or test).
  public static func with(schema: String, _ conninfo: String) -> String {
    if conninfo.hasPrefix("postgresql://") || conninfo.hasPrefix("postgres://") {
      return conninfo + (conninfo.contains("?") ? "&" : "?") + "options=-csearch_path%3D\(schema)"
    }
    return conninfo + " options='-csearch_path=\(schema)'"
  }

  /// The connection string with these options added where it gives none (as libpq reads it):
  /// the sync agent's timeouts and keepalives, so a dead link is noticed in seconds.
  public static func withDefaults(_ defaults: KeyValuePairs<String, String>, _ conninfo: String) -> String {
    let given = Set((options(of: conninfo) ?? []).map(\.keyword))
    let added = defaults.filter { !given.contains($0.key) }
    guard !added.isEmpty else { return conninfo }
    if conninfo.hasPrefix("postgresql://") || conninfo.hasPrefix("postgres://") {
      return conninfo + (conninfo.contains("?") ? "&" : "?")
        + added.map { "\($0.key)=\($0.value)" }.joined(separator: "&")
    }
    return conninfo + " " + added.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
  }

  /// Any text (an error message that quotes a connection string it could not read) with every
  /// password in it hidden: the password of each `scheme://user:password@` and each
  /// `password=` value become `***`.
  public static func scrubbed(_ text: String) -> String {
    var bytes = Array(text.utf8)
    let stops: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D, 0x22, 0x27, 0x2F, 0x3F, 0x23]  // space, quotes, / ? #
    var index = 0
    while index + 3 <= bytes.count {
      if bytes[index] == 0x3A, bytes[index + 1] == 0x2F, bytes[index + 2] == 0x2F {  // "://"
        let start = index + 3
        var end = start
        while end < bytes.count, !stops.contains(bytes[end]), bytes[end] != 0x40 { end += 1 }  // to "@"
        // (The password runs to the last "@" before the host: an unescaped "@" in it too.)
        var at = end
        var look = end
        while look < bytes.count, !stops.contains(bytes[look]) {
          if bytes[look] == 0x40 { at = look }
          look += 1
        }
        if at < bytes.count, bytes[at] == 0x40, let colon = bytes[start..<at].firstIndex(of: 0x3A) {
          bytes.replaceSubrange((colon + 1)..<at, with: Array("***".utf8))
          index = colon + 4
          continue
        }
      }
      index += 1
    }
    var result = String(decoding: bytes, as: UTF8.self)
    for key in ["password", "sslpassword"] {
      var searchFrom = result.startIndex
      while let found = result.range(of: key + "=", options: .caseInsensitive, range: searchFrom..<result.endIndex) {
        var end = found.upperBound
        let quoted = end < result.endIndex && result[end] == "'"
        if quoted { end = result.index(after: end) }
        while end < result.endIndex, quoted ? result[end] != "'" : !result[end].isWhitespace {
          end = result.index(after: end)
        }
        result.replaceSubrange(found.upperBound..<end, with: quoted ? "'***" : "***")
        searchFrom =
          result.index(found.upperBound, offsetBy: quoted ? 4 : 3, limitedBy: result.endIndex) ?? result.endIndex
      }
    }
    return result
  }

  /// Which store a connection string names, as `host:port/dbname/schema` (never the user or
  /// the password): what libpq reads in it, else its environment's `PGHOST`, `PGPORT`,
  /// `PGDATABASE`, `PGUSER` as libpq would take them; the schema is the `search_path` its
  /// `options` set, else empty. Nil when libpq cannot read the string.
  public static func storeIdentity(_ conninfo: String, environment: [String: String]) -> String? {
    guard let options = options(of: conninfo) else { return nil }
    func given(_ keyword: String) -> String? { options.last { $0.keyword == keyword && !$0.value.isEmpty }?.value }
    let host = given("hostaddr") ?? given("host") ?? environment["PGHOST"] ?? ""
    let port = given("port") ?? environment["PGPORT"] ?? "5432"
    let user = given("user") ?? environment["PGUSER"] ?? ""
    let dbname = given("dbname") ?? environment["PGDATABASE"] ?? user
    var schema = ""
    if let settings = given("options"), let range = settings.range(of: "search_path=") {
      schema = String(settings[range.upperBound...].prefix { !$0.isWhitespace })
    }
    return "\(host):\(port)/\(dbname)/\(schema)"
  }

  /// Whether libpq can read the connection string (a malformed URL is refused at start, not
  /// retried for ever).
  public static func isReadable(_ conninfo: String) -> Bool { options(of: conninfo) != nil }

  /// The options libpq reads in a connection string, with their values; nil when it cannot
  /// read it (or there is no libpq).
  static func options(of conninfo: String) -> [(keyword: String, value: String)]? {
    guard let pq = try? LibPQ.functions() else { return nil }
    var error: UnsafeMutablePointer<CChar>? = nil
    guard let parsed = pq.conninfoParse(conninfo, &error) else {
      if let error { pq.freemem(error) }
      return nil
    }
    defer { pq.conninfoFree(parsed) }
    var found: [(keyword: String, value: String)] = []
    var option = parsed
    while let keyword = option.pointee.keyword {
      if let value = option.pointee.val { found.append((String(cString: keyword), String(cString: value))) }
      option += 1
    }
    return found
  }

  /// `scrubbed`, and also every place the password of `conninfo` itself shows as it is (libpq
  /// quotes a password it cannot decode alone: `invalid percent-encoded token: "…"`).
  public static func scrubbed(_ text: String, knowing conninfo: String) -> String {
    var result = scrubbed(text)
    var passwords: [String] = []
    if let scheme = conninfo.range(of: "://") {
      // (Up to the last "@" before the query: a password may hold a "/" libpq then misreads.)
      let rest = conninfo[scheme.upperBound...].prefix { $0 != "?" && $0 != "#" }
      if let at = rest.lastIndex(of: "@"), let colon = rest[..<at].firstIndex(of: ":") {
        let password = String(rest[rest.index(after: colon)..<at])
        passwords += [password, password.removingPercentEncoding ?? password]
        passwords += password.split(separator: "/").map(String.init)
      }
    }
    // A key=value string's password, as libpq reads it.
    passwords += (options(of: conninfo) ?? []).filter { ["password", "sslpassword"].contains($0.keyword) }.map(\.value)
    for form in Set(passwords) where form.count >= 3 {
      result = result.replacingOccurrences(of: form, with: "***")
    }
    return result
  }
}
