"""The example clients' display convention (clients/README.md) for Python frontends.

The same markers the shell client and Vim print, which are the words quick add reads: ``!!``
and ``!!!`` for priority, ``*`` urgent, ``#tag``, ``@type``, a duration when it is not 15
minutes, ``↻`` and the repeat, ``due …``, and the flags ``overdue`` and ``after due``.
"""

import datetime

TYPES = {"deepWork": "@deep", "shallowWork": "@shallow", "errand": "@errand",
         "meeting": "@meeting", "learning": "@learning"}
WEEKDAYS = {"en": ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"],
            "de": ["Mo", "Di", "Mi", "Do", "Fr", "Sa", "So"]}
MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]


def language_of(locale):
    """``de`` for a German locale (``de``, ``de_DE.UTF-8``), else ``en``."""
    return "de" if (locale or "").lower().startswith("de") else "en"


def _date(text):
    return datetime.date.fromisoformat(text)


def duration(minutes):
    """``5m``, ``30m``, ``1h``, ``1h30m``."""
    hours, rest = divmod(int(minutes), 60)
    if not hours:
        return f"{rest}m"
    return f"{hours}h" + (f"{rest}m" if rest else "")


def repeat(recurrence):
    """``↻ daily``, ``↻ every 3 days``, ``↻ weekly!`` (from completion); None for no repeat."""
    pattern = (recurrence or {}).get("pattern", "none")
    if pattern == "none":
        return None
    n = recurrence.get("interval", 1)
    units = {"daily": "days", "weekly": "weeks", "biweekly": "weeks", "monthly": "months"}
    if pattern == "biweekly":
        n *= 2
    if n == 1 or (pattern == "biweekly" and n == 2):
        text = pattern
    else:
        text = f"every {n} {units[pattern]}"
    return "↻ " + text + ("!" if recurrence.get("afterCompletion") else "")


def day(text, today, language="en"):
    """``Fri, Nov 27``; ``Jan 4, 2027`` in another year than today's."""
    date = _date(text)
    label = f"{WEEKDAYS.get(language, WEEKDAYS['en'])[date.weekday()]}, {MONTHS[date.month - 1]} {date.day}"
    if date.year != _date(today).year:
        label = f"{MONTHS[date.month - 1]} {date.day}, {date.year}"
    return label


def due(text, today, language="en"):
    """``due today``, ``due tomorrow``, ``due Fri, Nov 27``."""
    delta = (_date(text) - _date(today)).days
    if delta == 0:
        return "due today"
    if delta == 1:
        return "due tomorrow"
    return "due " + day(text, today, language)


def markers(task, today, in_today=False, language="en"):
    """The parts after a task's title, in the convention's order, as (text, style) pairs; style
    is None, ``overdue``, ``due-today`` or ``after-due`` (for colour; the words say it too)."""
    parts = []
    if task.get("priority", 1) >= 2:
        parts.append(("!" * task["priority"], None))
    if task.get("urgent"):
        parts.append(("*", None))
    if task.get("tags"):   # one part: tags are separated by one space, the parts by two
        parts.append((" ".join(f"#{tag}" for tag in task["tags"]), None))
    if task.get("type") in TYPES:
        parts.append((TYPES[task["type"]], None))
    if task.get("durationMinutes", 15) != 15:
        parts.append((duration(task["durationMinutes"]), None))
    if repeat(task.get("recurrence")):
        parts.append((repeat(task["recurrence"]), None))
    scheduled, deadline = task.get("scheduledDate"), task.get("dueDate")
    if deadline:
        parts.append((due(deadline, today, language), "due-today" if deadline == today else None))
    if (deadline and deadline < today) or (in_today and scheduled and scheduled < today):
        parts.append(("overdue", "overdue"))
    if scheduled and deadline and scheduled > deadline:
        parts.append(("after due", "after-due"))
    return parts


def header(title, date, tasks, today, language="en"):
    """A day group's header: ``Tomorrow · Wed, Nov 25 · 30m``, ``Fri, Nov 27 · 2h``."""
    parts = [title]
    if date:
        label = day(date, today, language)
        if _date(date).year != _date(today).year:
            label += " · " + WEEKDAYS.get(language, WEEKDAYS["en"])[_date(date).weekday()]
        if title in (f"{MONTHS[_date(date).month - 1]} {_date(date).day}",
                     f"{MONTHS[_date(date).month - 1]} {_date(date).day}, {_date(date).year}"):
            parts = [label]
        else:
            parts.append(label)
    total = sum(task.get("durationMinutes", 15) for task in tasks)
    if total:
        parts.append(duration(total))
    return " · ".join(parts)
