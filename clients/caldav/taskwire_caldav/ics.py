"""VCALENDAR text in and out: the one VTODO of an object read (``parse``), a VTODO written into
its object's own VCALENDAR or a new one (``serialize``), a whole collection's upload
(``serialize_all``).  Parsing and writing iCalendar is the ``icalendar`` library's."""

import icalendar

from . import times
from .mapping import PRODID
from .times import Malformed


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
