import TaskwireCore

/// The store's tables in a PostgreSQL schema of its own: the same columns as the SQLite store
/// (dates and timestamps as text, so that `TaskRowCoding` maps rows on both backends), with
/// the id counters in `meta` (ids are never reused nor skipped, like SQLite's AUTOINCREMENT;
/// a sequence would skip the ids of rolled-back transactions, and sessions replay ids).
enum PostgresSchema {
  static let version: Int64 = 7

  static func create(in schema: String) -> String {
    """
    CREATE SCHEMA IF NOT EXISTS \(schema);
    CREATE TABLE \(schema).meta (key text PRIMARY KEY, value text NOT NULL);
    CREATE TABLE \(schema).tasks (
      id bigint PRIMARY KEY,
      title text NOT NULL,
      notes text,
      tags text NOT NULL DEFAULT '[]',
      priority bigint NOT NULL,
      urgent bigint NOT NULL,
      duration_minutes bigint NOT NULL,
      type text NOT NULL,
      scheduled_date text,
      due_date text,
      recurrence text NOT NULL,
      completed bigint NOT NULL,
      completed_at text,
      created_at text NOT NULL,
      updated_at text NOT NULL,
      rank bigint NOT NULL,
      matrix_rank bigint NOT NULL DEFAULT 0,
      uuid text,
      kind text NOT NULL DEFAULT 'task',
      parent_id bigint,
      parent_rank bigint NOT NULL DEFAULT 0,
      checklist text NOT NULL DEFAULT '[]',
      someday bigint NOT NULL DEFAULT 0,
      cancelled bigint NOT NULL DEFAULT 0,
      scheduled_time text,
      evening bigint NOT NULL DEFAULT 0,
      reminders text,
      due_time text
    );
    CREATE INDEX tasks_open ON \(schema).tasks (completed, scheduled_date, rank);
    CREATE INDEX tasks_completed ON \(schema).tasks (completed, completed_at);
    CREATE UNIQUE INDEX tasks_uuid ON \(schema).tasks (uuid);
    CREATE TABLE \(schema).history_steps (
      id bigint PRIMARY KEY,
      label text NOT NULL,
      client text NOT NULL,
      at text NOT NULL,
      undone bigint NOT NULL DEFAULT 0
    );
    CREATE INDEX history_steps_undone ON \(schema).history_steps (undone, id);
    CREATE TABLE \(schema).history_ops (
      step_id bigint NOT NULL,
      position bigint NOT NULL,
      task_id bigint NOT NULL,
      before text,
      after text,
      PRIMARY KEY (step_id, position)
    );
    CREATE TABLE \(schema).changes (seq bigserial PRIMARY KEY, task_id bigint NOT NULL);
    \(externalIDs(in: schema))
    ALTER TABLE \(schema).external_ids ADD COLUMN version text;
    \(reminderStates(in: schema))
    INSERT INTO \(schema).meta (key, value) VALUES
      ('schema_version', '\(version)'), ('last_task_id', '0'), ('last_step_id', '0'), ('pruned_through', '0');
    """
  }

  /// Which task an imported record became, as in the SQLite store.
  static func externalIDs(in schema: String) -> String {
    "CREATE TABLE \(schema).external_ids (source text NOT NULL, key text NOT NULL, task_id bigint NOT NULL, PRIMARY KEY (source, key));"
  }

  /// What became of each reminder that came due, as in the SQLite store.
  static func reminderStates(in schema: String) -> String {
    """
    CREATE TABLE \(schema).reminder_states (
      task_uuid text NOT NULL, at text NOT NULL, state text NOT NULL, until text, fired_at text NOT NULL,
      PRIMARY KEY (task_uuid, at));
    CREATE INDEX reminder_states_live ON \(schema).reminder_states (state) WHERE state <> 'dismissed';
    """
  }

  /// Upgrades from each older version, in order.
  static let migrations: [Int64: @Sendable (String) -> String] = [
    1: { schema in
      externalIDs(in: schema) + " UPDATE \(schema).meta SET value = '2' WHERE key = 'schema_version';"
    },
    // Items (issue 29), as SQLite's schema 5: PostgreSQL mints the existing items' uuids itself.
    2: { schema in
      """
      ALTER TABLE \(schema).tasks ADD COLUMN uuid text, ADD COLUMN kind text NOT NULL DEFAULT 'task',
        ADD COLUMN parent_id bigint, ADD COLUMN parent_rank bigint NOT NULL DEFAULT 0,
        ADD COLUMN checklist text NOT NULL DEFAULT '[]';
      UPDATE \(schema).tasks SET uuid = gen_random_uuid()::text WHERE uuid IS NULL;
      CREATE UNIQUE INDEX tasks_uuid ON \(schema).tasks (uuid);
      -- (The undo history's rows get the uuids in Swift: `PostgresStorage.addUUIDsToHistory`.)
      UPDATE \(schema).meta SET value = '3' WHERE key = 'schema_version';
      """
    },
    // Someday and cancelled, as SQLite's schema 6.
    3: { schema in
      """
      ALTER TABLE \(schema).tasks ADD COLUMN someday bigint NOT NULL DEFAULT 0,
        ADD COLUMN cancelled bigint NOT NULL DEFAULT 0;
      UPDATE \(schema).meta SET value = '4' WHERE key = 'schema_version';
      """
    },
    // A time of day on the scheduled date and This Evening's flag, as SQLite's schema 8.
    4: { schema in
      """
      ALTER TABLE \(schema).tasks ADD COLUMN scheduled_time text, ADD COLUMN evening bigint NOT NULL DEFAULT 0;
      UPDATE \(schema).meta SET value = '5' WHERE key = 'schema_version';
      """
    },
    // Reminders and the deadline's time, as SQLite's schema 9.
    5: { schema in
      """
      ALTER TABLE \(schema).tasks ADD COLUMN reminders text, ADD COLUMN due_time text;
      \(reminderStates(in: schema))
      UPDATE \(schema).meta SET value = '6' WHERE key = 'schema_version';
      """
    },
    // A link's version there (its ETag when linked), as SQLite's schema 10.
    6: { schema in
      """
      ALTER TABLE \(schema).external_ids ADD COLUMN version text;
      UPDATE \(schema).meta SET value = '7' WHERE key = 'schema_version';
      """
    },
  ]

  /// A schema name as an SQL identifier: quoted, and refused when it is not a plain name.
  /// (At most 50 bytes: the sync log's channel, `taskwire_log_` and the name, must fit
  /// PostgreSQL's 63-byte names, or every `pg_notify` on it fails.)
  static func identifier(_ name: String) -> String? {
    guard !name.isEmpty, name.utf8.count <= 50,
      name.unicodeScalars.allSatisfy({
        $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-"
      })
    else { return nil }
    return "\"\(name)\""
  }

  /// A number derived from the schema's name, for the advisory lock that serializes its writers
  /// (FNV-1a: the same on every machine and every run).
  static func lockKey(_ schema: String) -> Int64 {
    Int64(bitPattern: FNV1a.hash("taskwire:\(schema)"))
  }
}
