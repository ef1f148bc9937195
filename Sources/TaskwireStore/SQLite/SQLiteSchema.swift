/// The store's tables. `meta` holds the day the lists were last rolled over to; `tasks` holds
/// every task; `history_steps` holds undo steps, each with its changes carrying a task's whole
/// row before and after; `changes` is the log of touched task ids that lets another process on
/// the same file catch up on what changed. Only `tasks` counts with AUTOINCREMENT (a task id
/// is never given twice, even after the newest task was deleted): the counter's row is a page
/// more in every commit that uses it, and the logs of every change need none (see
/// `SQLiteStorage+History.swift`, `pruneChangeLog`).
enum Schema {
  static let version: Int64 = 14

  static let create = """
    CREATE TABLE tasks (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      title TEXT NOT NULL,
      notes TEXT,
      tags TEXT NOT NULL DEFAULT '[]',
      priority INTEGER NOT NULL,
      urgent INTEGER NOT NULL,
      duration_minutes INTEGER NOT NULL,
      type TEXT NOT NULL,
      scheduled_date TEXT,
      due_date TEXT,
      recurrence TEXT NOT NULL,
      completed INTEGER NOT NULL,
      completed_at TEXT,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL,
      rank INTEGER NOT NULL,
      matrix_rank INTEGER NOT NULL DEFAULT 0,
      uuid TEXT,
      kind TEXT NOT NULL DEFAULT 'task',
      parent_id INTEGER,
      parent_rank INTEGER NOT NULL DEFAULT 0,
      checklist TEXT NOT NULL DEFAULT '[]',
      someday INTEGER NOT NULL DEFAULT 0,
      cancelled INTEGER NOT NULL DEFAULT 0,
      scheduled_time TEXT,
      evening INTEGER NOT NULL DEFAULT 0,
      reminders TEXT,
      due_time TEXT
    );
    CREATE INDEX tasks_open ON tasks (completed, scheduled_date);
    CREATE INDEX tasks_completed ON tasks (completed, completed_at);
    CREATE UNIQUE INDEX tasks_uuid ON tasks (uuid);
    CREATE INDEX tasks_due ON tasks (completed, due_date);
    \(historyAndChanges)
    CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    \(externalIDs)
    ALTER TABLE external_ids ADD COLUMN version TEXT;
    \(reminderStates)
    \(syncRecords)
    \(unsentRecords)
    PRAGMA user_version = 14;
    """

  /// A replica's change records (issue 31): empty in a store that is not a replica; and the
  /// sync conflicts a person dismissed (by the conflict's id).
  static let syncRecords = """
    CREATE TABLE IF NOT EXISTS sync_records (
      hlc TEXT PRIMARY KEY,
      id TEXT NOT NULL,
      seen INTEGER NOT NULL,
      seq INTEGER,
      body TEXT NOT NULL
    ) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS sync_dismissed (id TEXT PRIMARY KEY) WITHOUT ROWID;
    """

  /// The records not yet in the shared log, in time order (schema 14): a push and `sync/status`
  /// read the few unsent ones, not every record the replica ever kept.
  static let unsentRecords = """
    CREATE INDEX IF NOT EXISTS sync_records_unsent ON sync_records (hlc) WHERE seq IS NULL;
    """

  /// The undo history and the change log (schema 10): a step's changes in its row (`ops`),
  /// no AUTOINCREMENT.
  static let historyAndChanges = """
    CREATE TABLE history_steps (
      id INTEGER PRIMARY KEY,
      label TEXT NOT NULL,
      client TEXT NOT NULL,
      at TEXT NOT NULL,
      undone INTEGER NOT NULL DEFAULT 0,
      ops TEXT NOT NULL DEFAULT '[]'
    );
    CREATE TABLE changes (
      seq INTEGER PRIMARY KEY,
      task_id INTEGER NOT NULL
    );
    """

  /// Which task an imported record became (`source` is `taskwarrior` or `taskwire`, `key` its
  /// uuid or id there): a second import of the same file updates instead of duplicating.
  static let externalIDs = """
    CREATE TABLE external_ids (
      source TEXT NOT NULL,
      key TEXT NOT NULL,
      task_id INTEGER NOT NULL,
      PRIMARY KEY (source, key)
    ) WITHOUT ROWID;
    """

  /// What became of each reminder that came due (issue 30), by its task's uuid and its wall
  /// time: the first process to insert the row fired it (`showing`, `until` the instant it fell
  /// due); a snooze (`snoozed`, until an instant) or a dismissal (`dismissed`) reaches every
  /// process through it. Only the
  /// rows not dismissed are read while serving (the index holds only those).
  static let reminderStates = """
    CREATE TABLE reminder_states (
      task_uuid TEXT NOT NULL,
      at TEXT NOT NULL,
      state TEXT NOT NULL,
      until TEXT,
      fired_at TEXT NOT NULL,
      PRIMARY KEY (task_uuid, at)
    ) WITHOUT ROWID;
    CREATE INDEX reminder_states_live ON reminder_states (state) WHERE state != 'dismissed';
    """

  /// Upgrades an older store, one version at a time, inside the opening transaction.
  static let migrations: [Int64: String] = [
    1: """
    ALTER TABLE tasks ADD COLUMN matrix_rank INTEGER NOT NULL DEFAULT 0;
    UPDATE tasks SET matrix_rank = rank;
    CREATE INDEX tasks_completed ON tasks (completed, completed_at);
    PRAGMA user_version = 2;
    """,
    2: """
    CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    PRAGMA user_version = 3;
    """,
    3: """
    \(externalIDs)
    PRAGMA user_version = 4;
    """,
    // Items (issue 29): a stable uuid (filled in by `SQLiteStorage.mintMissingUUIDs` in the same
    // transaction), the kind, the parent and the place among its siblings, the checklist.
    4: """
    ALTER TABLE tasks ADD COLUMN uuid TEXT;
    ALTER TABLE tasks ADD COLUMN kind TEXT NOT NULL DEFAULT 'task';
    ALTER TABLE tasks ADD COLUMN parent_id INTEGER;
    ALTER TABLE tasks ADD COLUMN parent_rank INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE tasks ADD COLUMN checklist TEXT NOT NULL DEFAULT '[]';
    CREATE UNIQUE INDEX tasks_uuid ON tasks (uuid);
    PRAGMA user_version = 5;
    """,
    // Someday and cancelled (issue 29): flags that default to what every older item was.
    5: """
    ALTER TABLE tasks ADD COLUMN someday INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE tasks ADD COLUMN cancelled INTEGER NOT NULL DEFAULT 0;
    PRAGMA user_version = 6;
    """,
    // No index on history's `undone`: the undone steps are always the newest ones (an undo
    // marks the newest done step, a redo the oldest undone one, a new step drops them all), so
    // the queries walk back from the newest step instead, and a change writes one page less.
    6: """
    DROP INDEX IF EXISTS history_steps_undone;
    PRAGMA user_version = 7;
    """,
    // A time of day on the scheduled date (issue 30): "HH:MM", none for every older task; This
    // Evening's flag; and
    // the due dates' index, for the tasks a deadline brings into Today at a quick start.
    7: """
    ALTER TABLE tasks ADD COLUMN scheduled_time TEXT;
    ALTER TABLE tasks ADD COLUMN evening INTEGER NOT NULL DEFAULT 0;
    CREATE INDEX IF NOT EXISTS tasks_due ON tasks (completed, due_date);
    PRAGMA user_version = 8;
    """,
    // Reminders (issue 30): a task's list of them, and what became of each that came due; and
    // the deadline's time of day.
    8: """
    ALTER TABLE tasks ADD COLUMN reminders TEXT;
    ALTER TABLE tasks ADD COLUMN due_time TEXT;
    \(reminderStates)
    PRAGMA user_version = 9;
    """,
    // A link's version there (`link/set`: a CalDAV ETag); and one page of history a change, not
    // two, and no AUTOINCREMENT counter for the logs (a page more in every commit): each step's ops move into its row, in order, as
    // `historyOpsText` writes them (`[[task_id, before, after], …]`, each side the row's array).
    9: """
    ALTER TABLE history_steps RENAME TO history_steps_9;
    ALTER TABLE changes RENAME TO changes_9;
    \(historyAndChanges)
    INSERT INTO history_steps (id, label, client, at, undone, ops)
      SELECT s.id, s.label, s.client, s.at, s.undone, COALESCE((
        SELECT '[' || group_concat('[' || o.task_id || ',' || COALESCE(o.before, 'null') || ','
          || COALESCE(o.after, 'null') || ']', ',') || ']'
        FROM (SELECT * FROM history_ops WHERE step_id = s.id ORDER BY position) AS o), '[]')
      FROM history_steps_9 AS s;
    INSERT INTO changes (seq, task_id) SELECT seq, task_id FROM changes_9;
    DROP TABLE history_ops;
    DROP TABLE history_steps_9;
    DROP TABLE changes_9;
    DELETE FROM sqlite_sequence WHERE name IN ('history_steps', 'changes');
    ALTER TABLE external_ids ADD COLUMN version TEXT;
    PRAGMA user_version = 10;
    """,
    // Open tasks by day without their rank: no query orders by it (the lists are ordered in
    // memory), and a drag within a list then leaves the index as it was: a page less a drag.
    10: """
    DROP INDEX tasks_open;
    CREATE INDEX tasks_open ON tasks (completed, scheduled_date);
    PRAGMA user_version = 11;
    """,
    // Local-first devices (issue 31): a replica keeps its change records beside its rows.
    11: """
    \(syncRecords)
    PRAGMA user_version = 12;
    """,
    // Sync conflicts a person dismissed (issue 31).
    12: """
    CREATE TABLE IF NOT EXISTS sync_dismissed (id TEXT PRIMARY KEY) WITHOUT ROWID;
    PRAGMA user_version = 13;
    """,
    // A replica's unsent records found without reading every record (issue 31).
    13: """
    \(unsentRecords)
    PRAGMA user_version = 14;
    """,
  ]
}
