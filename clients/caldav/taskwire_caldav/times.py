"""DTSTART and DUE: a VTODO's dates and times of day in taskwire's terms, and written back.

taskwire's scheduled date and its due date may each carry a time of day (``scheduledTime``,
``dueTime``: "HH:MM" on the wall clock of the store's time zone).  So:

- DTSTART reads as (scheduled date, time or None), DUE as (due date, time or None): a DATE gives
  no time; a DATE-TIME in UTC or with a TZID is converted to the store's zone first; a floating
  one is taken as wall clock.  A DATE-TIME at midnight (00:00 in the store's zone) is the time
  00:00, unless ``X-TASKWIRE-DATE-ONLY`` names the property: then it is its date alone.
- DTSTART and DUE are written as a DATE-TIME with the store zone's TZID when taskwire has a time,
  else as a DATE; the zone's VTIMEZONE is added to the object when it lacks one (RFC 5545 asks
  for one per TZID); an RRULE's UNTIL is made the value type of DTSTART (RFC 5545).
- RFC 5545 wants DTSTART and DUE of one value type: when one has a time and the other has none
  (``match_types``), the date alone is written as a DATE-TIME at 00:00 in the store's zone and
  named in ``X-TASKWIRE-DATE-ONLY`` (``DTSTART`` or ``DUE``), which makes it read back as a date
  without a time; when neither has a time, both are DATEs again and the mark goes.
"""

import datetime as dt

END_OF_DAY = dt.time(23, 59, 59)
MIDNIGHT = dt.time(0)
X_DATE_ONLY = "X-TASKWIRE-DATE-ONLY"   # DTSTART / DUE: a DATE-TIME at 00:00 that is a date only
DATES = ("DTSTART", "DUE")


class Malformed(Exception):
    """A DTSTART/DUE that is not a date (and, raised by the mapping's modules, a VTODO that
    cannot be read)."""


def _decoded(component, name):
    if name not in component:
        return None
    try:
        value = component.decoded(name)
    except Exception as error:
        raise Malformed(f"{name} is not a date ({_short(error)})") from None
    if not isinstance(value, dt.date):
        raise Malformed(f"{name} is not a date")
    return value


def _short(error):
    text = str(error).splitlines()[0] if str(error) else type(error).__name__
    return text[:160]


def wall(value, zone):
    """A DATE-TIME as a naive wall-clock time of the store's zone: floating as it is; in the
    store's own zone as written (so a time in a daylight-saving gap keeps its wall time);
    else converted."""
    if value.tzinfo is None:
        return value
    if getattr(value.tzinfo, "key", None) == getattr(zone, "key", object()):
        return value.replace(tzinfo=None)
    return value.astimezone(zone).replace(tzinfo=None)


def marked(component):
    """The properties ``X-TASKWIRE-DATE-ONLY`` names (upper case)."""
    values = component.get(X_DATE_ONLY)
    if values is None:
        return set()
    out = set()
    for value in values if isinstance(values, list) else [values]:
        out.update(part.strip().upper() for part in str(value).split(",") if part.strip())
    return out


def date_only(component, name, value, zone):
    """Is this DATE-TIME of DTSTART/DUE a date without a time: at 00:00 in the store's zone and
    named in X-TASKWIRE-DATE-ONLY (written so beside a DATE-TIME of the other, RFC 5545)?"""
    return isinstance(value, dt.datetime) and name in marked(component) and \
        wall(value, zone).time() == MIDNIGHT


def _read(component, name, zone):
    value = _decoded(component, name)
    if value is None:
        return None, None
    if isinstance(value, dt.datetime):
        local = wall(value, zone)
        if date_only(component, name, value, zone):
            return local.date().isoformat(), None
        return local.date().isoformat(), local.strftime("%H:%M")
    return value.isoformat(), None


def read_start(component, zone):
    """(date text or None, "HH:MM" or None) of DTSTART."""
    return _read(component, "DTSTART", zone)


def read_due(component, zone):
    """(date text or None, "HH:MM" or None) of DUE."""
    return _read(component, "DUE", zone)


def anchor(component, name, zone):
    """DTSTART's or DUE's value for reckoning (an alarm relative to it): a DATE-TIME the bridge
    wrote for a date alone is that date; None when absent or not a date."""
    found = _old(component, name)
    if date_only(component, name, found, zone):
        return wall(found, zone).date()
    return found


def _old(component, name):
    try:
        return _decoded(component, name)
    except Malformed:
        return None


def write_day(component, name, day, zone):
    """Set DTSTART/DUE to the day (text), keeping a time of day and zone that were there."""
    old = _old(component, name)
    if name in component:
        del component[name]
    if day is None:
        return
    date = dt.date.fromisoformat(day)
    if isinstance(old, dt.datetime):
        if old.tzinfo is not None:
            local = wall(old, zone)
            value = dt.datetime.combine(date, local.time(), tzinfo=zone).astimezone(old.tzinfo)
        else:
            value = dt.datetime.combine(date, old.time())
        component.add(name, value)
    else:
        component.add(name, date)


def write_timed(component, name, day, time, zone):
    """DTSTART/DUE from taskwire's date and time: a DATE-TIME with the store zone's TZID (UTC:
    a "Z" time) when there is a time, else a DATE; none without a date.  (``match_types`` then
    makes the two of one type.)"""
    if name in component:
        del component[name]
    _mark(component, marked(component) - {name})
    if day is None:
        return
    date = dt.date.fromisoformat(day)
    if time:
        component.add(name, dt.datetime.combine(date, dt.time.fromisoformat(time), tzinfo=zone))
    else:
        component.add(name, date)


def write_start(component, day, time, zone):
    """DTSTART from taskwire's scheduled date and time."""
    write_timed(component, "DTSTART", day, time, zone)


def write_due(component, day, time, zone):
    """DUE from taskwire's due date and time."""
    write_timed(component, "DUE", day, time, zone)


def _mark(component, names):
    """X-TASKWIRE-DATE-ONLY naming ``names`` (none: no property); untouched when it says so."""
    if names == marked(component) and (names or X_DATE_ONLY not in component):
        return
    if X_DATE_ONLY in component:
        del component[X_DATE_ONLY]
    if names:
        component.add(X_DATE_ONLY, ",".join(n for n in DATES if n in names))


def match_types(component, zone):
    """Make DTSTART and DUE of one value type (RFC 5545): when one has a time of day, the other,
    a date alone, becomes a DATE-TIME at 00:00 in the store's zone named in X-TASKWIRE-DATE-ONLY;
    when neither has one, a date-only DATE-TIME becomes a DATE again.  A DATE-TIME with its own
    time, and a value already of the right form, are left as they are."""
    present = {}
    for name in DATES:
        found = _old(component, name)
        if found is not None:
            present[name] = found
    timed = {name for name, found in present.items()
             if isinstance(found, dt.datetime) and not date_only(component, name, found, zone)}
    marks = set()
    for name, found in present.items():
        if name in timed:
            continue
        day = wall(found, zone).date() if isinstance(found, dt.datetime) else found
        if timed:
            marks.add(name)
            if not isinstance(found, dt.datetime):
                del component[name]
                component.add(name, dt.datetime.combine(day, MIDNIGHT, tzinfo=zone))
        elif isinstance(found, dt.datetime):
            del component[name]
            component.add(name, day)
    _mark(component, marks)


def match_until(component, zone):
    """Make each RRULE's UNTIL the value type RFC 5545 asks for beside DTSTART: a DATE beside a
    DATE, a UTC time beside a zoned or UTC DATE-TIME, a floating time beside a floating one.
    A date becomes the end of that day, so the last day's occurrence stays in the rule."""
    if "RRULE" not in component or "DTSTART" not in component:
        return
    start = _old(component, "DTSTART")
    if start is None:
        return
    rules = component["RRULE"]
    for rule in rules if isinstance(rules, list) else [rules]:
        untils = rule.get("UNTIL")
        if not untils:
            continue
        until = untils[0]
        if not isinstance(start, dt.datetime):
            new = wall(until, zone).date() if isinstance(until, dt.datetime) else until
        elif start.tzinfo is None:
            new = wall(until, zone) if isinstance(until, dt.datetime) else \
                dt.datetime.combine(until, END_OF_DAY)
        else:
            if not isinstance(until, dt.datetime):
                until = dt.datetime.combine(until, END_OF_DAY, tzinfo=start.tzinfo)
            elif until.tzinfo is None:
                until = until.replace(tzinfo=start.tzinfo)
            new = until.astimezone(dt.timezone.utc)
        if new != until or type(new) is not type(until) or \
                getattr(new, "tzinfo", None) is not getattr(until, "tzinfo", None):
            rule["UNTIL"] = [new]


def add_zones(calendar):
    """Add a VTIMEZONE for each TZID the calendar uses and does not define (the icalendar
    library makes it from the system's zone data), covering the years of its dates and ten
    more.  A TZID the library does not know is left as it is."""
    add = getattr(calendar, "add_missing_timezones", None)
    if add is None:
        return     # an icalendar before 6.1: TZID without VTIMEZONE (servers take it)
    try:
        if not calendar.get_missing_tzids():
            return
        years = []
        for component in calendar.walk("VTODO"):
            for name in ("DTSTART", "DUE"):
                value = _old(component, name)
                if isinstance(value, dt.datetime) and value.tzinfo is not None:
                    years.append(value.year)
        first = min(years, default=dt.date.today().year)
        add(first_date=dt.date(first, 1, 1),
            last_date=dt.date(max(max(years, default=first), first) + 10, 12, 31))
    except Exception:
        pass   # an unknown zone: the TZID alone
