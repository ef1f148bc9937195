"""The example clients' display convention (clients/README.md) for Python frontends.

The same markers the shell client and Vim print, which are the words quick add reads: ``!!``
and ``!!!`` for priority, ``*`` urgent, ``#tag``, ``@type``, a duration when it is not 15
minutes, ``↻`` and the repeat, ``due …``, and the flags ``overdue`` and ``after due``.  In
German (``language="de"``) the dates and words are the shell's: ``Mi, 25. Nov.``, ``fällig``,
``überfällig``, ``nach Fälligkeit``, ``erledigt``.
"""

import datetime

TYPES = {"deepWork": "@deep", "shallowWork": "@shallow", "errand": "@errand",
         "meeting": "@meeting", "learning": "@learning"}
WORDS = {
    "en": {"due": "due", "today": "today", "tomorrow": "tomorrow", "overdue": "overdue",
           "after due": "after due", "done": "done",
           "weekdays": ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"],
           "months": ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct",
                      "Nov", "Dec"]},
    "de": {"due": "fällig", "today": "heute", "tomorrow": "morgen", "overdue": "überfällig",
           "after due": "nach Fälligkeit", "done": "erledigt",
           "weekdays": ["Mo", "Di", "Mi", "Do", "Fr", "Sa", "So"],
           "months": ["Jan.", "Feb.", "März", "Apr.", "Mai", "Juni", "Juli", "Aug.", "Sept.",
                      "Okt.", "Nov.", "Dez."]},
}
# Where quick add filed a task, in the shell client's words for the lists.
PLACES = {"en": {"inbox": "Inbox", "today": "Today", "upcoming": "Upcoming"},
          "de": {"inbox": "zum Eingang", "today": "zu Heute", "upcoming": "zu Demnächst"}}
WEEKDAYS = {language: words["weekdays"] for language, words in WORDS.items()}
MONTHS = WORDS["en"]["months"]
# The JSON-RPC errors whose message starts with the protocol's prefix ("Invalid params: …").
PROTOCOL_CODES = range(-32700, -32599)


def language_of(locale):
    """``de`` for a German locale (``de``, ``de_DE.UTF-8``), else ``en``."""
    return "de" if (locale or "").lower().startswith("de") else "en"


def word(key, language="en"):
    """A word of the convention (``due``, ``overdue``, ``after due``, ``done``…) in a language."""
    return WORDS.get(language, WORDS["en"])[key]


def error_text(error):
    """What a person reads for an error: the server's message without the JSON-RPC prefix
    (``Invalid params: ``, ``Ungültige Parameter: ``) and without the code."""
    message = getattr(error, "message", None)
    if not isinstance(message, str):
        return str(error)
    code = getattr(error, "code", None)
    if code == -32601 and isinstance(getattr(error, "data", None), dict):
        return f"unknown method {error.data.get('method', message)}"
    if code in PROTOCOL_CODES and ": " in message:
        message = message.split(": ", 1)[1]
    return " ".join(message.split())


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


def short(text, language="en"):
    """``Nov 27`` (``27. Nov.`` in German)."""
    date = _date(text)
    month = word("months", language)[date.month - 1]
    return f"{date.day}. {month}" if language == "de" else f"{month} {date.day}"


def long(text, language="en"):
    """``Jan 4, 2027`` (``4. Jan. 2027`` in German)."""
    return short(text, language) + (" " if language == "de" else ", ") + text[:4]


def weekday(text, language="en"):
    """``Fri`` (``Fr`` in German)."""
    return word("weekdays", language)[_date(text).weekday()]


def day(text, today, language="en"):
    """``Fri, Nov 27`` (``Fr, 27. Nov.``); ``Jan 4, 2027`` in another year than today's."""
    if text[:4] != today[:4]:
        return long(text, language)
    return f"{weekday(text, language)}, {short(text, language)}"


def due(text, today, language="en"):
    """``due today``, ``due tomorrow``, ``due Fri, Nov 27`` (``fällig morgen``…)."""
    delta = (_date(text) - _date(today)).days
    when = {0: word("today", language), 1: word("tomorrow", language)}.get(delta)
    return f"{word('due', language)} {when or day(text, today, language)}"


def done(text, today, language="en"):
    """A logbook row's completion day: ``done Mon, Nov 23`` (``erledigt Mo, 23. Nov.``)."""
    return f"{word('done', language)} {day(text, today, language)}"


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
        parts.append((word("overdue", language), "overdue"))
    if scheduled and deadline and scheduled > deadline:
        parts.append((word("after due", language), "after-due"))
    return parts


def placed(title, place, today, language="en"):
    """Where a new task went, from ``task/create``'s reply (``view``, ``group``): ``Added 'Call
    mom' to Upcoming: Fri, Feb 13`` (``'Call mom' zu Demnächst hinzugefügt: Fr, 13. Feb.``)."""
    view = place.get("view")
    where = PLACES.get(language, PLACES["en"]).get(view, view)
    date = place.get("group") if view == "upcoming" else None
    when = f": {day(date, today or date, language)}" if date else ""
    if language == "de":
        return f"'{title}' {where} hinzugefügt{when}"
    return f"Added '{title}' to {where}{when}"


def day_title(title, date, today, language="en"):
    """A day as a header names it, from the server's group title (in any language):
    ``Tomorrow · Wed, Nov 25``, ``Fri, Nov 27``, ``Jan 4, 2027 · Mon``; in German
    ``Morgen · Do, 26. Nov.``, ``Mi, 25. Nov.``, ``4. Jan. 2027 · Mo``.  A title that is a
    date already (it has a digit) is not repeated."""
    dated = not title or any(ch.isdigit() for ch in title)
    if date[:4] != today[:4]:
        label = f"{long(date, language)} · {weekday(date, language)}"
        return label if dated else f"{title} · {label}"
    label = day(date, today, language)
    return label if dated else f"{title} · {label}"


def header(title, date, tasks, today, language="en"):
    """A group's header: ``Tomorrow · Wed, Nov 25 · 30m``, ``Fri, Nov 27 · 2h``,
    ``Inbox · 45m``."""
    parts = [day_title(title, date, today, language) if date else title]
    total = sum(task.get("durationMinutes", 15) for task in tasks)
    if total:
        parts.append(duration(total))
    return " · ".join(part for part in parts if part)
