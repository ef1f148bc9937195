"""A repeat both ways: taskwire's ``recurrence`` in one canonical form, the task/update param for
it, and a VTODO's RRULE (or X-TASKWIRE-RRULE, a repeat without DTSTART) read into it and written
from it.

``recurrence`` is normalised (``norm_recurrence``): biweekly becomes weekly with twice the
interval, defaults are filled in, so that taskwire's and a phone's way of saying the same repeat
compare equal.  An RRULE taskwire cannot hold (COUNT, a yearly repeat) reads as
``{"unsupported": "<the rule>"}``, which never equals a taskwire value.
"""

import icalendar

from .ics import short
from .mapping import X_REPEAT_FROM, X_RRULE
from .times import Malformed

NO_REPEAT = {"pattern": "none"}
WEEKDAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]   # ISO 1..7


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


def recurrence_of(component, scheduled, notes):
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


def set_recurrence(component, norm):
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
