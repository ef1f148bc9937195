# form.jq: the plain-text form of `tw edit ID` (no fields) from a task/get reply: one
# "key: value" line a field, the notes in full after "notes:". lib/commands.sh reads it back.
def dur: if . < 60 then "\(.)m" else "\(. / 60 | floor)h" + (if . % 60 > 0 then "\(. % 60)m" else "" end) end;
def every: if . == null or .pattern == "none" then "none" else
    .pattern + (if .afterCompletion then "!" else "" end)
    + (if (.interval // 1) != 1 then " (every \(.interval))" else "" end)
    + (if (.weekdays // []) != [] then " (on \(.weekdays | map(tostring) | join(",")))" else "" end)
  end;
.result.task as $t
| "# tw edit \($t.id): change what you like, save and quit (nothing changed: no update).",
  "# An empty value or none clears a field; date and due take phrases (fri, in 3 days);",
  "# priority: low, medium, high; every: daily, weekly, biweekly, monthly (weekly!: from",
  "# completion) or none. Every line after notes: is the notes.",
  "title: \($t.title)",
  "date: \($t.scheduledDate // "")",
  "due: \($t.dueDate // "")",
  "priority: \(["", "low", "medium", "high"][$t.priority] // $t.priority)",
  "urgent: \(if $t.urgent then "yes" else "no" end)",
  "duration: \($t.durationMinutes | dur)",
  "type: \({deepWork: "deep", shallowWork: "shallow"}[$t.type] // $t.type)",
  "every: \($t.recurrence | every)",
  "tags: \($t.tags | join(" "))",
  "notes:",
  ($t.notes // empty)
