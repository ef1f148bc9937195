import JSON
import TaskwireStore

/// The shared log of change records in PostgreSQL (issue 31, Protocol/devices.md "The shared
/// log"): devices push their records and pull everyone's in log order; PostgreSQL only keeps
/// them (it never merges). A record is known by its id: pushing it again returns the seq it has.
/// Seqs are given under the head row's lock, so commit order is seq order and a reader never
/// skips a seq committed after it read.
///
/// Blocking calls on a connection of its own: the sync agent's thread (`SyncAgent`) or
/// `taskwire sync`.
public final class PostgresLog {
  let store: PostgresStorage
  var connection: PostgresConnection { store.connection }

  /// A record as the log keeps it.
  public struct Entry: Equatable, Sendable {
    public var seq: Int64
    public var id: String
    public var hlc: String
    public var seen: Int64
    public var body: String
    /// (Only for records pushed, and the genesis.)
    public var device: String
    /// A device compacted it: `body` is what is left of the record its device made.
    public var compacted: Bool

    public init(
      seq: Int64, id: String, hlc: String, seen: Int64, body: String, device: String = "", compacted: Bool = false
    ) {
      self.seq = seq
      self.id = id
      self.hlc = hlc
      self.seen = seen
      self.body = body
      self.device = device
      self.compacted = compacted
    }
  }

  /// The log of the store at `conninfo` (the same schema as its tasks), made on first use.
  /// `genesis` gives the records a new log starts with (the tasks the store held before it had
  /// a log), asked under the store's lock in the transaction that makes the log.
  public init(conninfo: String, genesis: ((PostgresStorage) throws -> [Entry])? = nil) throws {
    store = try PostgresStorage(conninfo: conninfo)
    // Made under the store's lock: two devices starting at once would both try to create.
    try connection.execute("BEGIN")
    try connection.query("SELECT pg_advisory_xact_lock($1)", [.integer(store.lockKey)])
    let exists = try connection.query("SELECT to_regclass('sync_log') IS NOT NULL").text(0) == "t"
    if !exists {
      try connection.execute(
        """
        CREATE TABLE sync_log (
          seq bigint PRIMARY KEY, id text NOT NULL UNIQUE, device text NOT NULL, hlc text NOT NULL,
          seen bigint NOT NULL, body text NOT NULL, pushed_at timestamptz NOT NULL DEFAULT now(),
          compacted boolean NOT NULL DEFAULT false, digest text);
        CREATE TABLE sync_log_head (
          one int PRIMARY KEY CHECK (one = 1), seq bigint NOT NULL,
          store_id text NOT NULL DEFAULT gen_random_uuid()::text);
        """)
      let first = try genesis?(store) ?? []
      for (index, entry) in first.enumerated() {
        try connection.query(
          "INSERT INTO sync_log (seq, id, device, hlc, seen, body, digest) VALUES ($1, $2, $3, $4, 0, $5, md5($5))",
          [.integer(Int64(index + 1)), .text(entry.id), .text(entry.device), .text(entry.hlc), .text(entry.body)])
      }
      try connection.query("INSERT INTO sync_log_head VALUES (1, $1)", [.integer(Int64(first.count))])
    }
    // A log made before compaction gains its columns (asked first: altering needs the table's
    // owner, and a device may connect as a role that only reads and writes): whether a record
    // was compacted, and the digest of the text its device made (which a compacted one keeps,
    // to tell another replica's record under the same id from it).
    let columns = try connection.query(
      """
      SELECT count(*) FROM pg_attribute
      WHERE attrelid = to_regclass('sync_log') AND attname IN ('compacted', 'digest') AND NOT attisdropped
      """
    ).int(0)
    if columns < 2 {
      try connection.execute(
        """
        ALTER TABLE sync_log ADD COLUMN IF NOT EXISTS compacted boolean NOT NULL DEFAULT false,
          ADD COLUMN IF NOT EXISTS digest text
        """)
    }
    storeID = try connection.query("SELECT store_id FROM sync_log_head WHERE one = 1").text(0) ?? ""
    try connection.execute("COMMIT")
    try connection.execute("LISTEN \(PostgresSchema.identifier(channel) ?? "\"taskwire_log\"")")
  }

  /// The log holds another record under one of this device's record ids.
  public struct DeviceClash: Error, CustomStringConvertible {
    public var record: String
    public var description: String {
      "another replica makes records as this device (record \(record) differs): a copied replica file? "
        + "On each copy whose sync stopped, stop its servers and run taskwire new-device --db FILE"
    }
  }

  /// The shared store's identity, minted with its log: a replica synced with one store never
  /// syncs with another (or with the same one made again), which would mix two histories.
  public private(set) var storeID = ""

  /// Told when the log grew (the payload is the new head), per schema.
  var channel: String { "taskwire_log_\(store.schema)" }

  /// The connection's socket: readable when a notification (or the connection's end) came.
  public var socket: Int32 { connection.socket }

  /// Whether another connection pushed since the last call (reads what the socket holds);
  /// throws when the connection is gone.
  public func othersPushed() throws -> Bool {
    let senders = connection.notifications()
    guard connection.isConnected else {
      throw PostgresError(sqlState: nil, message: "the connection ended: \(connection.errorMessage)")
    }
    let own = connection.backendPID
    return senders.contains { $0 != own }
  }

  public func close() { store.close() }

  /// Pushes records in one transaction of a fixed number of statements, however many there
  /// are; returns each one's seq by id (a record the log had already keeps its seq). The head
  /// moves on by the number of new ones, under its row's lock.
  public func push(_ records: [(id: String, hlc: String, device: String, seen: Int64, body: String)]) throws
    -> [String: Int64]
  {
    guard !records.isEmpty else { return [:] }
    // (Each string as the log keeps text, escaped; the document itself sent as it is.)
    let batch = JSONWriter.string(
      .array(
        records.map {
          [
            "id": .string($0.id), "hlc": .string($0.hlc), "device": .string($0.device), "seen": .int64($0.seen),
            "body": .string(PostgresText.escape($0.body)),
          ]
        }))
    try connection.execute("BEGIN")
    do {
      let head = try connection.query("SELECT seq FROM sync_log_head WHERE one = 1 FOR UPDATE").int(0)
      // Only records the log lacks take seqs, in the batch's order: no gaps. (Under the head's
      // lock no other push runs, so what the log lacks cannot change meanwhile.)
      let inserted = try connection.query(
        """
        WITH ins AS (
          INSERT INTO sync_log (seq, id, device, hlc, seen, body, digest)
          SELECT $2::bigint + row_number() OVER (ORDER BY r.ord), r.id, r.device, r.hlc, r.seen, r.body, md5(r.body)
          FROM ROWS FROM (json_to_recordset($1::json) AS (id text, device text, hlc text, seen bigint, body text))
            WITH ORDINALITY AS r(id, device, hlc, seen, body, ord)
          WHERE NOT EXISTS (SELECT 1 FROM sync_log l WHERE l.id = r.id)
          RETURNING seq)
        SELECT count(*) FROM ins
        """, [.text(batch), .integer(head)], escaping: false
      ).int(0)
      let end = head + inserted
      try connection.query("UPDATE sync_log_head SET seq = $1 WHERE one = 1", [.integer(end)])
      // A record the log has under the same id must be the same record: else another replica
      // makes records as this device (a copied replica file), and the two would mix.
      let placed = try places(of: batch)
      if let clash = placed.first(where: { !$0.same }) {
        throw DeviceClash(record: clash.id)
      }
      // Delivered at commit: the other devices pull.
      try connection.query("SELECT pg_notify($1, $2)", [.text(channel), .text(String(end))])
      try connection.execute("COMMIT")
      return Dictionary(placed.map { ($0.id, $0.seq) }, uniquingKeysWith: { first, _ in first })
    } catch {
      _ = try? connection.execute("ROLLBACK")
      throw error
    }
  }

  /// Where the log has these records (a JSON array of `{id, body}`, bodies escaped), and
  /// whether each is the text given: the same text, or a compacted one whose digest is the
  /// text's (a row from before digests, compacted, is taken as the same).
  func places(of batch: String, strictly: Bool = false) throws -> [(id: String, seq: Int64, same: Bool)] {
    try connection.query(
      """
      SELECT l.id, l.seq, l.body = r.body OR (l.compacted AND coalesce(l.digest = md5(r.body), $2))
      FROM sync_log l JOIN json_to_recordset($1::json) AS r(id text, body text) ON l.id = r.id
      """, [.text(batch), .text(strictly ? "false" : "true")], escaping: false
    ).rows { row in (row.text(0) ?? "", row.int(1), row.text(2) == "t") }
  }

  /// Which of these records (id and text, as their device made them) the log holds, by id: its
  /// seq, and whether it is surely that text (else another replica made a record under that id,
  /// or a compacted row from before digests cannot tell).
  public func lookUp(_ records: [(id: String, body: String)]) throws -> [String: (seq: Int64, same: Bool)] {
    guard !records.isEmpty else { return [:] }
    let batch = JSONWriter.string(
      .array(records.map { ["id": .string($0.id), "body": .string(PostgresText.escape($0.body))] }))
    var found: [String: (seq: Int64, same: Bool)] = [:]
    for place in try places(of: batch, strictly: true) { found[place.id] = (place.seq, place.same) }
    return found
  }

  /// Whether the log holds a record of this device (16 hex digits).
  public func hasRecords(of device: String) throws -> Bool {
    try connection.query("SELECT count(*) FROM (SELECT 1 FROM sync_log WHERE device = $1 LIMIT 1) d", [.text(device)])
      .int(0) > 0
  }

  /// The log's last seq.
  public func head() throws -> Int64 {
    try connection.query("SELECT seq FROM sync_log_head WHERE one = 1").int(0)
  }

  /// The records after `seq`, in log order, at most `limit`.
  public func pull(after seq: Int64, limit: Int = 2000) throws -> [Entry] {
    try page(after: seq, limit: limit).entries
  }

  /// A page of the log: its records, how far it reaches (the last record's seq when the page
  /// is full; else the head, past seqs that hold nothing, such as a push rolled back), and the
  /// log's wall clock then (milliseconds).
  public struct Page: Sendable {
    public var entries: [Entry]
    public var through: Int64
    public var clock: UInt64 = 0
  }

  /// The records after `seq`, at most `limit`, and how far they reach: read with the head in
  /// one statement, so in one snapshot (a push takes its seqs and moves the head in one
  /// transaction: no record at or below that head can come later).
  public func page(after seq: Int64, limit: Int = 2000) throws -> Page {
    var head: Int64 = 0
    var clock: Int64 = 0
    let rows = try connection.query(
      """
      SELECT l.seq, l.id, l.hlc, l.seen, l.body, l.compacted, h.seq,
        (extract(epoch FROM clock_timestamp()) * 1000)::bigint
      FROM sync_log_head h LEFT JOIN LATERAL (
        SELECT seq, id, hlc, seen, body, compacted FROM sync_log WHERE seq > $1 ORDER BY seq LIMIT $2) l ON true
      WHERE h.one = 1 ORDER BY l.seq
      """,
      [.integer(seq), .integer(Int64(limit))]
    ).rows { row -> Entry? in
      head = row.int(6)
      clock = row.int(7)
      guard !row.isNull(0) else { return nil }
      return Entry(
        seq: row.int(0), id: row.text(1) ?? "", hlc: row.text(2) ?? "", seen: row.int(3), body: row.text(4) ?? "",
        compacted: row.text(5) == "t")
    }
    let entries = rows.compactMap { $0 }
    let through = entries.count >= limit ? entries.last?.seq ?? seq : max(seq, head)
    return Page(entries: entries, through: through, clock: UInt64(max(0, clock)))
  }

  /// Keeps what a device's compaction left of these records (Protocol/devices.md,
  /// "Compaction"): a shorter text, or none (an empty text: the row stays, so that the record's
  /// device sending it again, its acknowledgement lost, finds it there and does not add it at
  /// a new place). Two devices compacting one record each leave a valid text; the shorter
  /// stays. Returns how many rows changed.
  @discardableResult
  public func compact(_ records: [(seq: Int64, id: String, body: String?)]) throws -> Int {
    guard !records.isEmpty else { return 0 }
    let batch = JSONWriter.string(
      .array(
        records.map {
          [
            "seq": .int64($0.seq), "id": .string($0.id),
            "body": $0.body.map { .string(PostgresText.escape($0)) } ?? .null,
          ]
        }))
    let changed = try connection.query(
      """
      WITH r AS (SELECT * FROM json_to_recordset($1::json) AS r(seq bigint, id text, body text)),
      upd AS (
        UPDATE sync_log l SET body = coalesce(r.body, ''), compacted = true,
          digest = CASE WHEN l.compacted THEN l.digest ELSE coalesce(l.digest, md5(l.body)) END
        FROM r
        WHERE l.seq = r.seq AND l.id = r.id AND length(coalesce(r.body, '')) < length(l.body)
        RETURNING 1)
      SELECT count(*) FROM upd
      """, [.text(batch)], escaping: false
    ).int(0)
    return Int(changed)
  }

  /// How many records the log holds with something left in them, and their bytes.
  public func size() throws -> (records: Int64, bytes: Int64) {
    let result = try connection.query(
      "SELECT count(*) FILTER (WHERE body <> ''), coalesce(sum(length(body)), 0) FROM sync_log")
    return (result.int(0), result.int(1))
  }
}
