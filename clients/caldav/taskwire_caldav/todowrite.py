"""A VTODO written from taskwire's fields: the properties of the given field names set on a
VTODO from the server (every other property kept, ``write_fields``), or a new VTODO with every
field of its kind (``new_todo``).  DTSTART and DUE are written by ``times``, VALARMs by
``alarms``, RRULE by ``recurrence``; ``parent`` is ``RELATED-TO;RELTYPE=PARENT`` and
``X-TASKWIRE-HEADING``."""

import datetime as dt

import icalendar

from . import alarms, times
from .mapping import (KIND_MARK, NAMES, X_DURATION, X_HEADING, X_KIND, X_RRULE, X_SORT, X_TYPE,
                      X_URGENT)
from .recurrence import set_recurrence


def _set_parent(component, value):
    """RELATED-TO;RELTYPE=PARENT and X-TASKWIRE-HEADING for ``value`` ([UID, heading] or None);
    other RELATED-TOs (a sibling, a child) are kept."""
    values = component.get("RELATED-TO")
    if values is not None:
        values = values if isinstance(values, list) else [values]
        del component["RELATED-TO"]
        for old in values:
            if str(getattr(old, "params", {}).get("RELTYPE", "PARENT")).upper() != "PARENT":
                component.add("RELATED-TO", old)
    _replace(component, X_HEADING)
    if value is not None:
        component.add("RELATED-TO", value[0], parameters={"RELTYPE": "PARENT"})
        if value[1]:
            component.add(X_HEADING, value[1])


def _replace(component, name, value=None):
    if name in component:
        del component[name]
    if value is not None:
        component.add(name, value)


def write_fields(component, fields, names, zone, task=None):
    """Set the VTODO's properties for the given field names to the fields' values, leaving every
    other property (X- properties of other programs, VALARMs we do not carry) as it was.
    DTSTART is written from ``scheduled`` and ``time`` together, DUE from ``due`` and
    ``dueTime``: without the time among the names, a new day keeps the time of day (and zone)
    the property had.  After a date or time, DTSTART and DUE are made of one value type
    (``times.match_types``: a date-only one beside a time is 00:00, marked).
    ``reminders`` are written last, against the new DTSTART and DUE; a new date without them
    keeps each reminder's moment (an alarm relative to DUE, read as a time, is made that time)."""
    dates = {"scheduled", "time", "due", "dueTime"} & set(names)
    held = alarms.read(component, zone, []) if dates and "reminders" not in names else None
    for name in names:
        value = fields[name]
        if name == "title":
            alarms.retitle(component, str(component["SUMMARY"]) if "SUMMARY" in component
                           else None, value)
            _replace(component, "SUMMARY", value)
        elif name == "notes":
            _replace(component, "DESCRIPTION", value)
        elif name == "tags":
            _replace(component, "CATEGORIES", list(value) or None)
        elif name == "priority":
            _replace(component, "PRIORITY", {3: 1, 2: 5}.get(value))
        elif name == "urgent":
            _replace(component, X_URGENT, "TRUE" if value else None)
        elif name == "duration":
            _replace(component, X_DURATION, str(value) if value != 15 else None)
        elif name == "type":
            _replace(component, X_TYPE, value if value != "maintenance" else None)
        elif name == "scheduled" and "time" not in names:
            times.write_day(component, "DTSTART", value, zone)
        elif name == "time":
            times.write_start(component, fields["scheduled"], value, zone)
        elif name == "due" and "dueTime" not in names:
            times.write_day(component, "DUE", value, zone)
        elif name == "dueTime":
            times.write_due(component, fields["due"], value, zone)
        elif name == "recurrence":
            set_recurrence(component, value)
        elif name == "completed":
            if value:
                _replace(component, "STATUS", "COMPLETED")
                _replace(component, "PERCENT-COMPLETE", 100)
                when = None
                if task and task.get("completedAt"):
                    when = dt.datetime.fromisoformat(task["completedAt"].replace("Z", "+00:00"))
                _replace(component, "COMPLETED", when or now())
            else:
                _replace(component, "STATUS", "NEEDS-ACTION")
                _replace(component, "COMPLETED")
                _replace(component, "PERCENT-COMPLETE")
        elif name == "order":
            if value is not None:
                _replace(component, X_SORT, str(value))
        elif name == "parent":
            _set_parent(component, value)
        elif name == "reminders":
            pass        # after DTSTART and DUE (below)
        elif name == "kind":
            _replace(component, X_KIND, value)
            if value == "project":     # a task made a project: in no list, under nothing
                _set_parent(component, None)
                _replace(component, X_SORT)
    # RFC 5545 anchors a repeat at DTSTART; Radicale refuses an RRULE without one.
    if "RRULE" in component and "DTSTART" not in component:
        rule = component["RRULE"]
        del component["RRULE"]
        component.add(X_RRULE, rule.to_ical().decode())
    elif X_RRULE in component and "DTSTART" in component and "RRULE" not in component:
        rule = icalendar.vRecur.from_ical(str(component[X_RRULE]))
        del component[X_RRULE]
        component.add("RRULE", rule)
    if dates:
        times.match_types(component, zone)
    if dates or "recurrence" in names:
        times.match_until(component, zone)
    if "reminders" in names:
        alarms.write(component, fields["reminders"], zone)
    elif held is not None and alarms.read(component, zone, []) != held:
        alarms.write(component, held, zone)
    stamp = now()
    _replace(component, "LAST-MODIFIED", stamp)
    _replace(component, "DTSTAMP", stamp)
    if "SEQUENCE" in component:
        try:
            _replace(component, "SEQUENCE", int(str(component["SEQUENCE"])) + 1)
        except ValueError:
            pass


def now():
    return dt.datetime.now(dt.timezone.utc).replace(microsecond=0)


def new_todo(uid, fields, zone, task=None, kind="task"):
    """A new VTODO (a icalendar.Todo) with every field of its kind written."""
    component = icalendar.Todo()
    component.add("UID", uid)
    if task and task.get("createdAt"):
        component.add("CREATED", dt.datetime.fromisoformat(task["createdAt"].replace("Z", "+00:00")))
    names = [n for n in NAMES[kind] if n != "completed"]
    if kind == "line":
        names.append("parent")     # its task (fixed: not compared)
    if KIND_MARK[kind]:
        names.append("kind")
    write_fields(component, fields, names, zone, task)
    if fields["completed"]:
        write_fields(component, fields, ["completed"], zone, task)
    else:
        _replace(component, "STATUS", "NEEDS-ACTION")
    return component
