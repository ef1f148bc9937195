"""taskwire-caldav: the CalDAV sync bridge (Protocol/caldav.md)."""
