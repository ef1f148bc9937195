#include <sqlite3.h>

/* sqlite3_config is variadic, which Swift cannot call: its one use, turning off the library's
   memory statistics, which taskwire never reads (with them, every allocation SQLite makes takes a
   global mutex). It only works before the library is initialized (SQLITE_MISUSE after, harmless). */
static inline int taskwire_sqlite3_skip_memory_statistics(void) {
  return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}
