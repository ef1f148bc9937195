# form.jq: the plain-text form of `tw edit ID` (no fields) from a task/get reply: one
# "key: value" line a field, the notes in full after "notes:". lib/commands.sh reads it back.
# The keys and the values are what tw's options take (--priority 2, --duration 45, --type deep,
# --every weekly!); a repeat they cannot say is shown as the server words it, and kept unless
# changed. Args: $help (the comment lines, from the catalogue), $yes and $no (its words).
def every($t): if . == null or .pattern == "none" then "none"
  elif (.interval // 1) == 1 and (.weekdays // []) == [] and .monthDay == null then
    .pattern + (if .afterCompletion then "!" else "" end)
  else ([$t.display // [] | .[] | select(.kind == "repeat") | .text | ltrimstr("↻ ")] | first) // tojson end;
.result.task as $t
| $help,
  "title: \($t.title)",
  "date: \($t.scheduledDate // "")",
  "time: \($t.scheduledTime // "")",
  "due: \($t.dueDate // "")",
  "due-time: \($t.dueTime // "")",
  "priority: \($t.priority)",
  "urgent: \(if $t.urgent then $yes else $no end)",
  "duration: \($t.durationMinutes)",
  "type: \({deepWork: "deep", shallowWork: "shallow"}[$t.type] // $t.type)",
  "every: \($t.recurrence | every($t))",
  "tags: \($t.tags | join(" "))",
  "notes:",
  ($t.notes // empty)
