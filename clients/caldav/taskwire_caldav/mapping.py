"""A taskwire task and an iCalendar VTODO, each read into the same *fields*, and a VTODO written
from them.  Protocol/caldav.md is the mapping in prose; this module holds its vocabulary (the
fields, the kinds of item, the properties), and these modules the mapping in code:

    taskfields   a taskwire task, project or checklist line read into fields; task/update params
    todoread     a VTODO read into fields, and what of it taskwire cannot hold
    todowrite    a VTODO written from fields (an existing one's other properties kept), a new one
    recurrence   taskwire's repeat in one form, and RRULE both ways
    times        DTSTART and DUE: dates and times of day
    alarms       VALARM: reminders
    ics          VCALENDAR text in and out
    uids         a task's UID, and the uuid of a UID made elsewhere

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

``recurrence`` is normalised (``recurrence.norm_recurrence``): biweekly becomes weekly with twice
the interval, defaults are filled in, so that taskwire's and a phone's way of saying the same
repeat compare equal.  A VTODO value taskwire cannot hold (an RRULE with COUNT, a yearly repeat)
reads as ``{"unsupported": "<the rule>"}``, which never equals a taskwire value: the bridge
reports it and leaves taskwire's value alone.

Parsing and writing iCalendar is the ``icalendar`` library's; nothing here reads text itself.
"""

from . import times

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

