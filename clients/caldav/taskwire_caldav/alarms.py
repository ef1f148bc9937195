"""VALARM ⇄ taskwire's reminders (``{"at": "YYYY-MM-DDTHH:MM"}``, a wall time of the store's
zone, or ``{"before": N}``, N minutes before the task's own date and time).

Written: each reminder is a ``VALARM`` with ``ACTION:DISPLAY`` and ``DESCRIPTION`` the task's
title; ``before`` N is ``TRIGGER;RELATED=START:-PT{N}M`` (DTSTART is a DATE-TIME whenever the
task has a time, which a ``before`` needs), ``at`` is ``TRIGGER;VALUE=DATE-TIME`` in UTC.

Read: a VALARM with ACTION DISPLAY or AUDIO (or none) is a reminder; a trigger relative to the
start, not after it, on a VTODO whose DTSTART has a time is ``before``; an absolute one is ``at``
(its wall time in the store's zone); one relative to DUE (``RELATED=END``: its date and time, or
the date's midnight), after the start, or to a DTSTART without a time is the ``at`` it falls on,
when the VTODO has that date.  A DATE-TIME the bridge wrote for a date alone (00:00, named in
X-TASKWIRE-DATE-ONLY) counts as that date.  The rest
is not carried and named in the notes: another ACTION (EMAIL, PROCEDURE), an alarm at a place,
a snooze's alarm, one relative to a date the VTODO lacks, those past taskwire's 10.

Alarms the bridge does not carry are never rewritten: a write keeps every VALARM whose reminder
taskwire still has, byte for byte (an X-WR-ALARMUID, an ACKNOWLEDGED with it), and every VALARM
it does not carry; it removes only the carried ones taskwire no longer has, and adds the new.

The reminders of both sides are compared in one form (``canonical``: sorted, once each), so
that two orders or a duplicate alarm are no change.
"""

import datetime as dt

import icalendar

from . import times

MAX = 10               # taskwire's reminders on one task
MAX_BEFORE = 10080     # taskwire's largest "before" (a week)
CARRIED_ACTIONS = ("DISPLAY", "AUDIO", "")
LOCATION_MARKS = ("X-APPLE-PROXIMITY", "X-APPLE-STRUCTURED-LOCATION", "PROXIMITY",
                  "STRUCTURED-LOCATION")


def _key(reminder):
    if "at" in reminder:
        return (0, reminder["at"], 0)
    return (1, "", reminder["before"])


def canonical(reminders):
    """The reminders sorted (the times, then the befores), each once."""
    out = []
    for reminder in sorted(reminders or [], key=_key):
        reminder = {"at": reminder["at"]} if "at" in reminder else \
            {"before": int(reminder["before"])}
        if reminder not in out:
            out.append(reminder)
    return out


def _wall_text(value):
    return value.strftime("%Y-%m-%dT%H:%M")


def _instant(text, zone):
    """An ``at`` wall time as an aware time: a time a spring-forward change skips is the time
    after the gap by its length (fold 0: the offset before the change), one that comes twice the
    first (summer time), as taskwire fires them."""
    return dt.datetime.fromisoformat(text).replace(tzinfo=zone)


def normal_at(text, zone):
    """The wall time an ``at`` fires at (a time in a daylight-saving gap is the one after it):
    what the VALARM written for it reads back as."""
    if zone is None:
        return text
    try:
        instant = _instant(text, zone)
    except ValueError:
        return text
    return _wall_text(instant.astimezone(dt.timezone.utc).astimezone(zone))


def taskwire_reminders(task, zone=None):
    """A taskwire task's reminders in the compared form."""
    out = []
    for reminder in task.get("reminders") or []:
        if "at" in reminder:
            out.append({"at": normal_at(reminder["at"], zone)})
        elif "before" in reminder:
            out.append({"before": int(reminder["before"])})
    return canonical(out)


# -- reading ------------------------------------------------------------------------------------

def _wall(value, zone):
    """A DATE-TIME (or DATE: its midnight) as a naive wall time of the store's zone."""
    if not isinstance(value, dt.datetime):
        return dt.datetime.combine(value, dt.time(0))
    if value.tzinfo is None:
        return value
    if getattr(value.tzinfo, "key", None) == getattr(zone, "key", object()):
        return value.replace(tzinfo=None)
    return value.astimezone(zone).replace(tzinfo=None)


def _shifted(base, offset, zone):
    """``base`` (a DTSTART or DUE value) moved by ``offset``, as a wall time of the store's zone:
    an aware time by elapsed time, a floating time or a date on the wall clock."""
    if isinstance(base, dt.datetime) and base.tzinfo is not None:
        return _wall((base + offset).astimezone(zone), zone)
    return _wall(base, zone) + offset


def _span(offset):
    minutes = round(abs(offset.total_seconds()) / 60)
    if minutes % 1440 == 0 and minutes:
        return f"{minutes // 1440} day(s)"
    if minutes % 60 == 0 and minutes:
        return f"{minutes // 60} h"
    return f"{minutes} min"


def read_one(alarm, component, zone):
    """(reminder or None, note or None) of one VALARM: the reminder it is in taskwire's terms,
    or why it is not carried (None, None: no note)."""
    action = str(alarm.get("ACTION", "")).strip().upper()
    if action not in CARRIED_ACTIONS:
        return None, f"reminder by {action.lower()} (VALARM ACTION:{action}): kept on the " \
                     f"server only"
    if any(name in alarm for name in LOCATION_MARKS):
        return None, "reminder at a place (VALARM with a location): kept on the server only"
    related = alarm.get("RELATED-TO")
    for value in (related if isinstance(related, list) else [related] if related else []):
        if str(getattr(value, "params", {}).get("RELTYPE", "")).upper() == "SNOOZE":
            return None, "a snoozed reminder's alarm (VALARM RELATED-TO;RELTYPE=SNOOZE): " \
                         "kept on the server only"
    if "TRIGGER" not in alarm:
        return None, "VALARM without TRIGGER: kept on the server only"
    try:
        trigger = alarm.decoded("TRIGGER")
    except Exception:
        return None, f"VALARM TRIGGER {str(alarm.get('TRIGGER'))[:40]!r} is not readable: " \
                     f"kept on the server only"
    if isinstance(trigger, dt.date):           # an absolute time (a date: its midnight)
        return {"at": _wall_text(_wall(trigger, zone))}, None
    if not isinstance(trigger, dt.timedelta):
        return None, "VALARM TRIGGER is neither a time nor a duration: kept on the server only"
    params = getattr(alarm["TRIGGER"], "params", {})
    end = str(params.get("RELATED", "START")).upper() == "END"
    start = times.anchor(component, "DTSTART", zone)     # (a date-only DATE-TIME: its date)
    if not end and trigger <= dt.timedelta(0) and isinstance(start, dt.datetime):
        minutes, seconds = divmod(int(-trigger.total_seconds()), 60)
        if seconds == 0 and minutes <= MAX_BEFORE:
            return {"before": minutes}, None
    if end:
        base = times.anchor(component, "DUE", zone)
        if base is None and start is not None and "DURATION" in component:
            try:
                base = start + component.decoded("DURATION")
            except Exception:
                base = None
        where = "due time"
    else:
        base, where = start, "start"
    way = "after" if trigger > dt.timedelta(0) else "before"
    if base is None:
        return None, f"reminder {_span(trigger)} {way} the {where}, which the task has not " \
                     f"(VALARM): kept on the server only"
    return {"at": _wall_text(_shifted(base, trigger, zone))}, None


def read(component, zone, notes):
    """The VTODO's reminders (compared form); what of its VALARMs is not carried goes into
    ``notes``."""
    found = []
    extra = 0
    for alarm in component.subcomponents:
        if alarm.name != "VALARM":
            continue
        reminder, note = read_one(alarm, component, zone)
        if reminder is None:
            if note and note not in notes:
                notes.append(note)
            continue
        if "REPEAT" in alarm and str(alarm.get("REPEAT")).strip() not in ("", "0"):
            note = "a reminder's REPEAT (VALARM): taskwire reminds once"
            if note not in notes:
                notes.append(note)
        if reminder in found:
            continue
        if len(found) == MAX:
            extra += 1
            continue
        found.append(reminder)
    if extra:
        notes.append(f"{extra} reminder(s) past taskwire's {MAX} (VALARM): kept on the server "
                     f"until the reminders change in taskwire")
    return canonical(found)


# -- writing ------------------------------------------------------------------------------------

def new_alarm(reminder, zone, description):
    alarm = icalendar.Alarm()
    alarm.add("ACTION", "DISPLAY")
    if "before" in reminder:
        alarm.add("TRIGGER", dt.timedelta(minutes=-int(reminder["before"])),
                  parameters={"RELATED": "START"})
    else:
        alarm.add("TRIGGER", _instant(reminder["at"], zone).astimezone(dt.timezone.utc),
                  parameters={"VALUE": "DATE-TIME"})
    alarm.add("DESCRIPTION", description or "Reminder")
    return alarm


def write(component, reminders, zone):
    """Make the VTODO's carried VALARMs say ``reminders``: those still wanted are kept as they
    are, the others carried ones removed, the new ones added (after the rest); VALARMs the
    bridge does not carry are kept.  Call after DTSTART and DUE are written (a relative alarm
    is read against them)."""
    wanted = canonical(reminders)
    kept = []
    for sub in component.subcomponents:
        if sub.name == "VALARM":
            reminder, _ = read_one(sub, component, zone)
            if reminder is not None:
                if reminder not in wanted:
                    continue
                wanted.remove(reminder)
        kept.append(sub)
    description = str(component.get("SUMMARY", "")) or None
    component.subcomponents = kept + [new_alarm(r, zone, description) for r in wanted]


def retitle(component, old, new):
    """A VALARM whose DESCRIPTION was the title follows the title."""
    if old is None or new is None:
        return
    for sub in component.subcomponents:
        if sub.name == "VALARM" and "DESCRIPTION" in sub and str(sub["DESCRIPTION"]) == old:
            del sub["DESCRIPTION"]
            sub.add("DESCRIPTION", new)
