"""A taskwire task and an iCalendar VTODO, each read into the same *fields*, and a VTODO written
from them.  Protocol/caldav.md is the mapping in prose; this module is the mapping in code.

Fields are taskwire's values (what task/update takes), so that the two sides can be compared:

    title, notes, tags, priority, urgent, duration, type, scheduled, time, due, dueTime,
    recurrence, reminders, completed, order, parent (and kind, which is not compared)

``time`` is the scheduled date's time of day ("HH:MM", taskwire's ``scheduledTime``): DTSTART's
time in the store's zone; ``dueTime`` is the due date's (taskwire's ``dueTime``): DUE's time
(``times``, which reads and writes DTSTART and DUE).  ``reminders``
is taskwire's list in one sorted form, the VTODO's VALARMs read the same way (``alarms``).

Three kinds of taskwire items become VTODOs, each compared on its own names (``NAMES``): a task,
a project (``X-TASKWIRE-KIND:project``) and a checklist line (``X-TASKWIRE-KIND:checklist``, a
sub-VTODO of its task).  ``parent`` is ``None`` or ``[parent UID, heading uuid or None]``: the
VTODO's ``RELATED-TO;RELTYPE=PARENT`` and ``X-TASKWIRE-HEADING``; the engine turns UIDs into
taskwire ids (only it knows which UID is a project).

``recurrence`` is normalised (``norm_recurrence``): biweekly becomes weekly with twice the
interval, defaults are filled in, so that taskwire's and a phone's way of saying the same repeat
compare equal.  A VTODO value taskwire cannot hold (an RRULE with COUNT, a yearly repeat) reads
as ``{"unsupported": "<the rule>"}``, which never equals a taskwire value: the bridge reports it
and leaves taskwire's value alone.

Parsing and writing iCalendar is the ``icalendar`` library's; nothing here reads text itself.
"""

import datetime as dt
import uuid as uuidlib

import icalendar

from . import alarms, times
from .times import Malformed

FIELDS = ("title", "notes", "tags", "priority", "urgent", "duration", "type", "scheduled", "time",
          "due", "dueTime", "recurrence", "reminders", "completed", "order")

# the fields compared for each kind of item (a project has no manual order on the server and its
# area is not carried; a checklist line is a title and a tick, in its task's order)
NAMES = {"task": FIELDS + ("parent",),
         "project": tuple(n for n in FIELDS if n != "order"),
         "line": ("title", "completed", "order")}
# X-TASKWIRE-KIND of each kind (a task has none)
KIND_MARK = {"task": None, "project": "project", "line": "checklist"}

# taskwire's task/update parameter for each field (order and completed have methods of their own)
TASK_PARAM = {"title": "title", "notes": "notes", "tags": "tags", "priority": "priority",
              "urgent": "urgent", "duration": "durationMinutes", "type": "type",
              "scheduled": "scheduledDate", "time": "scheduledTime", "due": "dueDate",
              "dueTime": "dueTime", "recurrence": "recurrence", "reminders": "reminders"}

TYPES = ("maintenance", "deepWork", "shallowWork", "errand", "meeting", "learning")
NO_REPEAT = {"pattern": "none"}
WEEKDAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]   # ISO 1..7

PRODID = "-//taskwire//taskwire-caldav//EN"
X_URGENT = "X-TASKWIRE-URGENT"
X_DURATION = "X-TASKWIRE-DURATION"
X_TYPE = "X-TASKWIRE-TYPE"
X_REPEAT_FROM = "X-TASKWIRE-REPEAT-FROM"
X_SORT = "X-APPLE-SORT-ORDER"
X_RRULE = "X-TASKWIRE-RRULE"   # a repeat without a start date (servers refuse an RRULE without DTSTART)
X_KIND = "X-TASKWIRE-KIND"     # project, checklist (a line of its parent's checklist); a task: none
X_HEADING = "X-TASKWIRE-HEADING"   # the uuid of the heading a task is under, in its parent project

# Properties whose meaning the bridge carries (or that are bookkeeping with no meaning to carry).
CARRIED = {"UID", "DTSTAMP", "CREATED", "LAST-MODIFIED", "SEQUENCE", "SUMMARY", "DESCRIPTION",
           "CATEGORIES", "PRIORITY", "DTSTART", "DUE", "RRULE", "STATUS", "COMPLETED",
           "PERCENT-COMPLETE", "CLASS", X_URGENT, X_DURATION, X_TYPE, X_REPEAT_FROM, X_SORT,
           X_RRULE, X_KIND, X_HEADING, "RELATED-TO", times.X_DATE_ONLY}
# Properties a person set that taskwire has no place for: kept on the server, and reported.
NOT_CARRIED = {"LOCATION": "location", "URL": "link (URL)", "ATTACH": "attachment",
               "GEO": "place (GEO)", "ATTENDEE": "attendees", "ORGANIZER": "organizer",
               "CONTACT": "contact", "COMMENT": "comment", "RESOURCES": "resources",
               "RDATE": "extra dates (RDATE)",
               "EXDATE": "skipped dates (EXDATE)", "DURATION": "time span (DURATION)",
               "RECURRENCE-ID": "a single occurrence's override (RECURRENCE-ID)"}


# -- taskwire side ------------------------------------------------------------------------------

def norm_recurrence(rec):
    """taskwire's recurrence (or a VTODO's, already in taskwire's terms) in one canonical form."""
    if not rec or rec.get("unsupported"):
        return dict(rec) if rec else dict(NO_REPEAT)
    pattern = rec.get("pattern", "none")
    if pattern == "none":
        return dict(NO_REPEAT)
    interval = int(rec.get("interval") or 1)
    out = {"pattern": pattern, "interval": interval,
           "afterCompletion": bool(rec.get("afterCompletion"))}
    if pattern == "biweekly":
        out.update(pattern="weekly", interval=interval * 2)
    after = out["afterCompletion"]   # counted from the completion day: no weekdays, no day
    if out["pattern"] == "weekly":
        out["weekdays"] = [] if after else sorted(set(rec.get("weekdays") or []))
    if pattern == "monthly":
        out["monthDay"] = None if after else rec.get("monthDay")
    return out


def recurrence_param(norm):
    """The task/create / task/update ``recurrence`` for a normalised recurrence."""
    if norm.get("pattern", "none") == "none":
        return dict(NO_REPEAT)
    out = {"pattern": norm["pattern"]}
    if norm.get("interval", 1) != 1:
        out["interval"] = norm["interval"]
    if norm["pattern"] == "weekly" and norm.get("weekdays"):
        out["weekdays"] = list(norm["weekdays"])
    if norm["pattern"] == "monthly" and norm.get("monthDay"):
        out["monthDay"] = norm["monthDay"]
    if norm.get("afterCompletion"):
        out["afterCompletion"] = True
    return out


def task_fields(task, parent=None, zone=None):
    """The fields of a taskwire task or project object (``rank`` from store/export gives
    ``order``; a task in a project or area with no date is in no date list, and a project in
    none, so they have no order to carry).  ``parent``: the ``[project UID, heading uuid]`` the
    engine worked out, or None.  ``zone``: the store's (a reminder in a daylight-saving gap
    reads as the time it fires at, as its VALARM does)."""
    completed = bool(task.get("completed"))
    project = task.get("kind") == "project"
    listed = not completed and not project and not (task.get("parent") is not None
                                                    and not task.get("scheduledDate"))
    return {
        "kind": "project" if project else None,
        "parent": None if project else parent,
        "title": task["title"],
        "notes": task.get("notes"),
        "tags": list(task.get("tags") or []),
        "priority": int(task.get("priority") or 1),
        "urgent": bool(task.get("urgent")),
        "duration": int(task.get("durationMinutes") or 15),
        "type": task.get("type") or "maintenance",
        "scheduled": task.get("scheduledDate"),
        "time": task.get("scheduledTime") if task.get("scheduledDate") else None,
        "due": task.get("dueDate"),
        "dueTime": task.get("dueTime") if task.get("dueDate") else None,
        "recurrence": norm_recurrence(task.get("recurrence")),
        "reminders": alarms.taskwire_reminders(task, zone),
        "completed": completed,
        "order": task.get("rank") if listed else None,
    }


def line_fields(line, index, owner_uid):
    """The fields of a checklist line (``{"uuid", "title", "done"}``, at ``index`` of its task's
    checklist), as a sub-VTODO of its task's VTODO (UID ``owner_uid``)."""
    return {"kind": "checklist", "title": line["title"], "completed": bool(line.get("done")),
            "order": index, "parent": [owner_uid, None], "notes": None, "tags": [],
            "priority": 1, "urgent": False, "duration": 15, "type": "maintenance",
            "scheduled": None, "time": None, "due": None, "dueTime": None,
            "recurrence": dict(NO_REPEAT),
            "reminders": []}


def line_extras(fields):
    """What a VTODO read as a checklist line holds beyond a title and a tick (kept on the server
    only): the names of those fields."""
    defaults = line_fields({"title": "", "done": False}, 0, None)
    return [name for name in ("notes", "tags", "priority", "urgent", "duration", "type",
                              "scheduled", "time", "due", "dueTime", "recurrence",
                              "reminders")
            if fields.get(name) != defaults[name]]


def task_params(fields, names):
    """task/update (or task/create) params for the given field names."""
    params = {}
    for name in names:
        if name in TASK_PARAM:
            value = fields[name]
            if name == "recurrence":
                value = recurrence_param(value)
            elif name in ("tags", "reminders"):
                value = [dict(v) if isinstance(v, dict) else v for v in value]
            params[TASK_PARAM[name]] = value
    return params


def representable(name, value):
    """Can taskwire hold this field value (as the VTODO gave it)?"""
    if name == "recurrence":
        return not value.get("unsupported")
    if name == "title":
        return value is not None and value.strip() != ""
    return True


# -- VTODO side ---------------------------------------------------------------------------------

def parse(text):
    """The VCALENDAR text's one VTODO (icalendar.Todo), or None when it holds no VTODO (an event
    in a mixed calendar: not ours).  Malformed when it cannot be read."""
    try:
        calendar = icalendar.Calendar.from_ical(text)
    except Exception as error:  # the library's errors are ValueError, KeyError, IndexError…
        raise Malformed(f"not readable iCalendar ({short(error)})") from None
    todos = [c for c in calendar.walk("VTODO") if "RECURRENCE-ID" not in c]
    if not todos:
        return None
    if "UID" not in todos[0]:
        raise Malformed("VTODO without UID")
    todos[0].overrides = sum(1 for c in calendar.walk("VTODO") if "RECURRENCE-ID" in c)
    return todos[0]


def short(error):
    text = str(error).splitlines()[0] if str(error) else type(error).__name__
    return text[:160]


def _recurrence_of(component, scheduled, notes):
    rules = component.get("RRULE")
    if rules is None and X_RRULE in component:
        try:
            rules = icalendar.vRecur.from_ical(str(component[X_RRULE]))
        except Exception as error:
            raise Malformed(f"{X_RRULE} is not a rule ({short(error)})") from None
        rules = icalendar.vRecur(rules)
    if rules is None:
        return dict(NO_REPEAT)
    if isinstance(rules, list):
        notes.append("more than one RRULE: only the first is read")
        rules = rules[0]
    text = rules.to_ical().decode()
    rule = {key.upper(): value for key, value in dict(rules).items()}
    freq = (rule.pop("FREQ", [""])[0] or "").upper()
    interval = int(rule.pop("INTERVAL", [1])[0] or 1)
    after = str(component.get(X_REPEAT_FROM, "")).upper() == "COMPLETION"
    wkst = rule.pop("WKST", ["MO"])
    dropped = []
    for key in ("COUNT", "UNTIL"):
        if key in rule:
            rule.pop(key)
            dropped.append(key)
    if str(wkst[0]).upper() != "MO" and interval > 1:
        dropped.append("WKST")
    unsupported = {"unsupported": text}
    if not 1 <= interval <= 365:
        return unsupported
    out = None
    if freq == "DAILY" and not rule:
        out = {"pattern": "daily", "interval": interval}
    elif freq == "WEEKLY" and set(rule) <= {"BYDAY"}:
        days = []
        for day in rule.get("BYDAY", []):
            day = str(day).upper()
            if day not in WEEKDAYS:
                return unsupported
            days.append(WEEKDAYS.index(day) + 1)
        out = {"pattern": "weekly", "interval": interval, "weekdays": sorted(set(days))}
    elif freq == "MONTHLY" and set(rule) <= {"BYMONTHDAY"}:
        month_days = rule.get("BYMONTHDAY", [])
        if len(month_days) > 1:
            return unsupported
        month_day = int(month_days[0]) if month_days else (
            int(scheduled[8:10]) if scheduled else None)
        if month_day == -1:
            month_day = 32
        if month_day is not None and not 1 <= month_day <= 32:
            return unsupported
        out = {"pattern": "monthly", "interval": interval, "monthDay": month_day}
    if out is None:
        return unsupported
    if dropped:
        notes.append(f"RRULE {'/'.join(dropped)} not carried: taskwire repeats without an end")
    if after and (out.get("weekdays") or (out.get("monthDay") and "BYMONTHDAY" in rule)):
        notes.append("RRULE BYDAY/BYMONTHDAY not carried: a repeat counted from completion "
                     "has no fixed days in taskwire")
    out["afterCompletion"] = after
    return norm_recurrence(out)


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
    recurrence = _recurrence_of(component, scheduled, notes)
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


def _set_recurrence(component, norm):
    for name in ("RRULE", X_REPEAT_FROM, X_RRULE):
        if name in component:
            del component[name]
    if norm.get("pattern", "none") == "none":
        return
    rule = {"FREQ": norm["pattern"].upper()}
    if norm.get("interval", 1) != 1:
        rule["INTERVAL"] = norm["interval"]
    if norm["pattern"] == "weekly" and norm.get("weekdays"):
        rule["BYDAY"] = [WEEKDAYS[d - 1] for d in norm["weekdays"]]
    if norm["pattern"] == "monthly" and norm.get("monthDay"):
        rule["BYMONTHDAY"] = [-1 if norm["monthDay"] == 32 else norm["monthDay"]]
    component.add("RRULE", rule)
    if norm.get("afterCompletion"):
        component.add(X_REPEAT_FROM, "COMPLETION")


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
            _set_recurrence(component, value)
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


def serialize(component, original_text=None):
    """The VCALENDAR text for the VTODO: inside the object's own VCALENDAR (its VTIMEZONEs and
    other members kept) when it came from the server, else a new one."""
    if original_text is not None:
        calendar = icalendar.Calendar.from_ical(original_text)
        uid = str(component["UID"])
        kept = [c for c in calendar.subcomponents
                if not (c.name == "VTODO" and str(c.get("UID")) == uid
                        and "RECURRENCE-ID" not in c)]
        calendar.subcomponents = kept + [component]
    else:
        calendar = icalendar.Calendar()
        calendar.add("VERSION", "2.0")
        calendar.add("PRODID", PRODID)
        calendar.add_component(component)
    times.add_zones(calendar)
    return calendar.to_ical().decode("utf-8")


def serialize_all(components, name=None):
    """One VCALENDAR holding every VTODO (a whole collection's upload), named ``name``."""
    calendar = icalendar.Calendar()
    calendar.add("VERSION", "2.0")
    calendar.add("PRODID", PRODID)
    if name:
        calendar.add("X-WR-CALNAME", name)
    for component in components:
        calendar.add_component(component)
    times.add_zones(calendar)
    return calendar.to_ical().decode("utf-8")


def mint_uid(task):
    """The UID for a task made in taskwire: its ``uuid`` when the server gives one."""
    return task.get("uuid") or str(uuidlib.uuid4())


# The namespace of the uuids of UIDs that are not UUIDs (uuid5 of the UID's text): fixed, so that
# every bridge, with or without its state, gives a VTODO's task the same uuid (Protocol/caldav.md).
UID_NAMESPACE = uuidlib.UUID("3d0b7a52-6c1e-5f0a-9a4e-7461736b7769")


def uid_uuid(uid):
    """The taskwire ``uuid`` of a VTODO's UID: the UID itself when it is a UUID (any case, with
    or without braces or a urn:uuid: prefix: lowercase 8-4-4-4-12), else uuid5(UID_NAMESPACE,
    UID)."""
    text = str(uid).strip()
    try:
        return str(uuidlib.UUID(text))
    except ValueError:
        return str(uuidlib.uuid5(UID_NAMESPACE, str(uid)))
