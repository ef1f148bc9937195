"""DTSTART and DUE: a VTODO's dates and times of day in taskwire's terms, and written back.

taskwire's scheduled date may carry a time of day (``scheduledTime``, "HH:MM" on the wall clock
of the store's time zone); its due date has none.  So:

- DTSTART reads as (scheduled date, time or None): a DATE gives no time; a DATE-TIME in UTC or
  with a TZID is converted to the store's zone first; a floating one is taken as wall clock.
- DUE reads as its day in the store's zone, and a time of day on it is reported: it stays on
  the server (written back with the old time when the day changes in taskwire).
- DTSTART is written as a DATE-TIME with the store zone's TZID when taskwire has a time, else as
  a DATE; the zone's VTIMEZONE is added to the object when it lacks one (RFC 5545 asks for one
  per TZID); an RRULE's UNTIL is made the value type of DTSTART (RFC 5545).
"""

import datetime as dt

END_OF_DAY = dt.time(23, 59, 59)


class Malformed(Exception):
    """A DTSTART/DUE that is not a date (mapping re-raises it as its own Malformed)."""


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


def read_start(component, zone):
    """(date text or None, "HH:MM" or None) of DTSTART."""
    value = _decoded(component, "DTSTART")
    if value is None:
        return None, None
    if isinstance(value, dt.datetime):
        local = wall(value, zone)
        return local.date().isoformat(), local.strftime("%H:%M")
    return value.isoformat(), None


def read_due(component, zone, notes):
    """DUE's date text (or None), noting a time of day that taskwire does not keep."""
    value = _decoded(component, "DUE")
    if value is None:
        return None
    if isinstance(value, dt.datetime):
        local = wall(value, zone)
        notes.append(f"DUE time {local.strftime('%H:%M')}: taskwire keeps the day only "
                     f"(the time stays on the server)")
        return local.date().isoformat()
    return value.isoformat()


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


def write_start(component, day, time, zone):
    """DTSTART from taskwire's scheduled date and time: a DATE-TIME with the store zone's TZID
    (UTC: a "Z" time) when there is a time, else a DATE; none without a date."""
    if "DTSTART" in component:
        del component["DTSTART"]
    if day is None:
        return
    date = dt.date.fromisoformat(day)
    if time:
        component.add("DTSTART", dt.datetime.combine(date, dt.time.fromisoformat(time),
                                                     tzinfo=zone))
    else:
        component.add("DTSTART", date)


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
