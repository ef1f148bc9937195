"""The taskwire side of the mapping: a task, a project or a checklist line read into the fields
(``mapping.FIELDS``), and fields made into task/update params.

``reminders`` is taskwire's list in one sorted form (``alarms``); ``recurrence`` is normalised
(``recurrence.norm_recurrence``).  ``representable`` says whether taskwire can hold a value as a
VTODO gave it."""

from . import alarms
from .mapping import TASK_PARAM
from .recurrence import NO_REPEAT, norm_recurrence, recurrence_param


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
