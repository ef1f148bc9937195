"""A VTODO read into taskwire's fields (``todo_fields``): each property in taskwire's terms, and
notes on what of it taskwire cannot hold (kept on the server only, and reported).  DTSTART and
DUE are read by ``times``, VALARMs by ``alarms``, RRULE by ``recurrence``; ``RELATED-TO`` and
``X-TASKWIRE-HEADING`` give ``parent``.  ``last_modified`` is when the VTODO last changed."""

import datetime as dt

from . import alarms, times
from .ics import short
from .mapping import NOT_CARRIED, TYPES, X_DURATION, X_HEADING, X_KIND, X_SORT, X_TYPE, X_URGENT
from .recurrence import recurrence_of
from .times import Malformed


def _int_prop(component, name, low, high):
    if name not in component:
        return None
    try:
        value = int(str(component.get(name)).strip())
    except ValueError:
        raise Malformed(f"{name} is not a number") from None
    if not low <= value <= high:
        raise Malformed(f"{name} {value} is out of range")
    return value


def todo_fields(component, zone):
    """(fields, notes): the VTODO in taskwire's terms, and what of it taskwire cannot hold."""
    notes = []
    title = str(component["SUMMARY"]) if "SUMMARY" in component else None
    description = str(component["DESCRIPTION"]) if "DESCRIPTION" in component else None
    if description is not None and not description.strip():
        description = None
    tags = []
    if "CATEGORIES" in component:
        for cat in component.decoded("CATEGORIES"):
            for tag in (cat if isinstance(cat, list) else [cat]):
                tag = str(tag).strip()
                if tag and tag not in tags:
                    tags.append(tag)
    ical_priority = _int_prop(component, "PRIORITY", 0, 9) or 0
    priority = 3 if 1 <= ical_priority <= 4 else 2 if ical_priority == 5 else 1
    urgent = str(component.get(X_URGENT, "")).upper() == "TRUE"
    duration = _int_prop(component, X_DURATION, 1, 10080) or 15
    kind = str(component.get(X_TYPE, "maintenance"))
    if kind not in TYPES:
        notes.append(f"{X_TYPE} {kind!r} unknown: read as maintenance")
        kind = "maintenance"
    scheduled, time = times.read_start(component, zone)
    due, due_time = times.read_due(component, zone)
    recurrence = recurrence_of(component, scheduled, notes)
    if recurrence.get("unsupported"):
        notes.append(f"RRULE {recurrence['unsupported']} cannot be carried: taskwire keeps its "
                     f"own repeat")
    status = str(component.get("STATUS", "")).upper()
    percent = _int_prop(component, "PERCENT-COMPLETE", 0, 100)
    if "COMPLETED" in component:
        try:
            component.decoded("COMPLETED")
        except Exception as error:
            raise Malformed(f"COMPLETED is not a date-time ({short(error)})") from None
    completed = status in ("COMPLETED", "CANCELLED") or (
        not status and ("COMPLETED" in component or percent == 100))
    if status == "CANCELLED":
        notes.append("STATUS CANCELLED: taskwire has no cancelled tasks, read as completed")
    if not completed and percent:
        notes.append(f"PERCENT-COMPLETE {percent}: kept on the server only")
    order = None
    if X_SORT in component:
        try:
            order = int(str(component.get(X_SORT)).strip())
        except ValueError:
            notes.append(f"{X_SORT} {str(component.get(X_SORT))[:20]!r} is not a number: ignored")
    parent = None
    parents, others = _relations(component)
    if parents:
        heading = str(component.get(X_HEADING)).strip() if X_HEADING in component else None
        parent = [parents[0], heading or None]
        if len(parents) > 1:
            notes.append(f"{len(parents)} parents (RELATED-TO): only the first is read")
    if others:
        notes.append(f"RELATED-TO;RELTYPE={'/'.join(sorted(set(others)))}: kept on the server "
                     f"only")
    mark = str(component.get(X_KIND, "")).strip().lower()
    mark = mark if mark in ("project", "checklist") else None
    for name, what in NOT_CARRIED.items():
        if name in component:
            notes.append(f"{what}: kept on the server only")
    if getattr(component, "overrides", 0):
        notes.append(f"{component.overrides} changed single occurrence(s) (RECURRENCE-ID): kept "
                     f"on the server only")
    reminders = alarms.read(component, zone, notes)
    if title is None or not title.strip():
        notes.append("no SUMMARY: the task is titled '(untitled)' in taskwire")
    fields = {"title": title, "notes": description, "tags": tags, "priority": priority,
              "urgent": urgent, "duration": duration, "type": kind, "scheduled": scheduled,
              "time": time, "due": due, "dueTime": due_time, "recurrence": recurrence,
              "reminders": reminders, "completed": completed, "order": order,
              "parent": parent, "kind": mark}
    return fields, notes


def _relations(component):
    """(the UIDs of the VTODO's parents, the RELTYPEs of its other RELATED-TOs).  RFC 5545: a
    RELATED-TO without RELTYPE names the parent."""
    values = component.get("RELATED-TO")
    if values is None:
        return [], []
    if not isinstance(values, list):
        values = [values]
    parents, others = [], []
    for value in values:
        reltype = str(getattr(value, "params", {}).get("RELTYPE", "PARENT")).upper()
        text = str(value).strip()
        if not text:
            continue
        if reltype == "PARENT":
            parents.append(text)
        else:
            others.append(reltype)
    return parents, others


def last_modified(component):
    """When the VTODO was last changed (aware UTC datetime), or None."""
    for name in ("LAST-MODIFIED", "DTSTAMP"):
        if name in component:
            try:
                value = component.decoded(name)
            except Exception:
                continue
            if isinstance(value, dt.datetime):
                if value.tzinfo is None:
                    value = value.replace(tzinfo=dt.timezone.utc)
                return value.astimezone(dt.timezone.utc)
    return None
