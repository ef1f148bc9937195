# tasks.jq: how tw shows tasks, views, places and replies, following the display convention of
# clients/README.md; a module of defs, included by render.jq (every command's output) and
# watch.jq (tw watch). Every request id is "KIND/SEQ/LINE": KIND says how to show the reply, LINE
# is the stdin line of a batch (empty otherwise). Args: $json ("1": raw results), $color.
include "common";

def words($loc): if $loc == "de" then
    {inbox: "Eingang", today: "Heute", tomorrow: "Morgen", due: "fällig", overdue: "überfällig",
     afterdue: "nach Fälligkeit", done: "erledigt", upcoming: "Demnächst",
     days: ["Mo", "Di", "Mi", "Do", "Fr", "Sa", "So"],
     months: ["Jan.", "Feb.", "März", "Apr.", "Mai", "Juni", "Juli", "Aug.", "Sept.", "Okt.", "Nov.", "Dez."]}
  else
    {inbox: "Inbox", today: "Today", tomorrow: "Tomorrow", due: "due", overdue: "overdue",
     afterdue: "after due", done: "done", upcoming: "Upcoming",
     days: ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"],
     months: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]}
  end;

def red: if $color then "\u001b[31m\(.)\u001b[0m" else . end;
def orange: if $color then "\u001b[1;33m\(.)\u001b[0m" else . end;
# (A slice of spaces, not " " * n: in gojq that costs ~5 µs a call, half a millisecond a list.)
def lpad($n): tostring as $t | ($n - ($t | length)) as $k | if $k > 0 then "                "[:$k] + $t else $t end;

# Dates ("YYYY-MM-DD"); $s is the state: {today, loc, w (the words)}.
def epochday: . + "T00:00:00Z" | fromdate / 86400 | floor;
def nextday: (epochday + 1) * 86400 | todate | .[0:10];
def weekday($s): $s.w.days[(epochday + 3) % 7];
def short($s): (.[8:10] | tonumber) as $d | $s.w.months[(.[5:7] | tonumber) - 1] as $m
  | if $s.loc == "de" then "\($d). \($m)" else "\($m) \($d)" end;
def long($s): short($s) + (if $s.loc == "de" then " " else ", " end) + .[0:4];
# "Fri, Nov 27" this year, "Jan 4, 2027" in another.
def datetext($s): if .[0:4] == $s.today[0:4] then "\(weekday($s)), \(short($s))" else long($s) end;
# A day's title as a header shows it: "Tomorrow · Wed, Nov 25", "Fri, Nov 27", "Jan 4, 2027 · Mon".
def daytitle($title; $s): . as $d
  | if ($title | test("[0-9]{4}")) then "\($title) · \(weekday($s))"
    elif ($title | test("[0-9]")) then "\(weekday($s)), \($title)"
    else "\($title) · \(weekday($s)), \(short($s))" end;
def dayname($s): . as $d
  | if . == $s.today then daytitle($s.w.today; $s)
    elif . == ($s.today | nextday) then daytitle($s.w.tomorrow; $s)
    elif .[0:4] == $s.today[0:4] then daytitle(short($s); $s)
    else daytitle(long($s); $s) end;

def dur: if . < 60 then "\(.)m" else "\(. / 60 | floor)h" + (if . % 60 > 0 then "\(. % 60)m" else "" end) end;

def repeat: .recurrence as $r
  | if $r == null or $r.pattern == "none" then empty else
      ($r.interval // 1) as $n | (if $r.afterCompletion then "!" else "" end) as $bang
      # The ! (from completion) ends the marker: "↻ weekly!", "↻ every 3 days!".
      | if $n == 1 then "↻ \($r.pattern)\($bang)"
        else "↻ every \(if $r.pattern == "biweekly" then 2 * $n else $n end) "
          + {daily: "days", weekly: "weeks", biweekly: "weeks", monthly: "months"}[$r.pattern]
          + $bang end
    end;

# One task: "[ ] Call mom  !!  *  #family  @errand  30m  ↻ weekly  due Fri, Nov 27  overdue".
# $ctx: {view, done (the completion day, in the logbook)}.
def taskline($s; $ctx):
  [ (if .completed then "[x] " else "[ ] " end) + .title,
    (if .priority == 3 then "!!!" elif .priority == 2 then "!!" else empty end),
    (if .urgent then "*" else empty end),
    (if (.tags | length) > 0 then .tags | map("#" + .) | join(" ") else empty end),
    ({deepWork: "@deep", shallowWork: "@shallow", errand: "@errand", meeting: "@meeting",
      learning: "@learning"}[.type] // empty),
    (if .durationMinutes != 15 then .durationMinutes | dur else empty end),
    repeat,
    (.dueDate | if . == null then empty
      elif . == $s.today then "\($s.w.due) \($s.w.today | ascii_downcase)" | orange
      elif . == ($s.today | nextday) then "\($s.w.due) \($s.w.tomorrow | ascii_downcase)"
      else "\($s.w.due) \(datetext($s))" end),
    (if .completed then empty
     elif (.dueDate != null and .dueDate < $s.today)
       or ($ctx.view == "today" and .scheduledDate != null and .scheduledDate < $s.today)
     then $s.w.overdue | red else empty end),
    (if .scheduledDate != null and .dueDate != null and .scheduledDate > .dueDate
     then $s.w.afterdue | red else empty end),
    (if $ctx.done != null then "\($s.w.done) \($ctx.done | datetext($s))" else empty end)
  ] | join("  ");

def idline($s; $ctx; $w): "\(.id | lpad($w))  " + taskline($s; $ctx);

def header($s): (.tasks | map(.durationMinutes) | add // 0) as $total
  | (if .date == null then .title else .title as $t | .date | daytitle($t; $s) end)
    + (if $total > 0 then " · " + ($total | dur) else "" end);

def view($s): . as $v
  | ([.groups[].tasks[].id] | max // 0 | tostring | length) as $w
  | if .groups == [] then ({upcoming: $s.w.upcoming, logbook: "Logbook"}[.view] // .view), "  (empty)"
    else .groups[] | header($s),
      (. as $g | if .tasks == [] then "  (empty)" else .tasks[]
        | "  " + idline($s; {view: $v.view, done: (if $v.view == "logbook" then $g.date else null end)}; $w) end)
    end;

# Where a task is, from a place result {task, view, group, index}.
def place($s): if .view == "inbox" then $s.w.inbox elif .view == "today" then $s.w.today
  elif .view == "upcoming" then .group | dayname($s)
  elif .view == null then null else .view end;
def placed($verb; $s): place($s) as $p
  | "\($verb) \(.task.id)"
    + (if $p == null then ""
       elif $verb == "Moved" then " to \($p), position \(.index)"
       elif $verb == "Sent" then " to \($p)"
       elif .view == "upcoming" or $verb == "Scheduled" then " for \($p)" else " in \($p)" end)
    + ": " + (.view as $view | .task | taskline($s; {view: $view}));

# tw show: every field of a task/get result, one a line, then the notes in full.
def stamp: if . == null then "-" else fromdate | strflocaltime("%Y-%m-%d %H:%M") end;
def showday($s): if . == null then "-" else "\(.) (\(datetext($s)))" end;
def showtask($s): . as $r | .task as $t
  | ["id", "title", "notes", "tags", "priority", "urgent", "durationMinutes", "type", "scheduledDate",
     "dueDate", "recurrence", "completed", "completedAt", "createdAt", "updatedAt"] as $known
  | ($t | idline($s; {view: $r.view}; 0)),
    "  title      \($t.title)",
    "  list       \(if $r.view == null then "-" else $r | place($s) end)"
      + (if $r.index != null then ", position \($r.index)" else "" end),
    "  scheduled  \($t.scheduledDate | showday($s))",
    "  due        \($t.dueDate | showday($s))",
    "  priority   \(["-", "low", "medium", "high"][$t.priority] // "-") (\($t.priority))",
    "  urgent     \(if $t.urgent then "yes" else "no" end)",
    "  duration   \($t.durationMinutes | dur)",
    "  type       \({deepWork: "deep", shallowWork: "shallow"}[$t.type] // $t.type)",
    "  repeat     \($t | [repeat] | if . == [] then "-" else .[0] | ltrimstr("↻ ") end)"
      # (and what the marker does not say: weekdays, a day of the month…)
      + ($t.recurrence // {} | del(.pattern, .interval, .afterCompletion)
         | if .weekdays == [] then del(.weekdays) else . end | if . == {} then "" else "  \(tojson)" end),
    "  tags       \(if $t.tags == [] then "-" else $t.tags | map("#" + .) | join(" ") end)",
    "  completed  \(if $t.completed then "yes, \($t.completedAt | stamp)" else "no" end)",
    "  created    \($t.createdAt | stamp)",
    "  updated    \($t.updatedAt | stamp)",
    ($t | to_entries[] | select(.key as $k | $known | index($k) | not)
      | "  \(.key)  \(.value | if type == "string" then . else tojson end)"),
    (if $t.notes == null then "  notes      -" else "  notes", ($t.notes | split("\n")[] | "    " + .) end);
def showhistory($t; $steps): ($steps | map(select(.label | contains("'\($t.title)'")))) as $mine
  | "  history", (if $mine == [] then "    -" else $mine[]
    | "    \(.id | lpad(5))  \(.at | stamp)  \(.label)  (\(.client // "?"))" + (if .undone then "  [undone]" else "" end) end);

# One reply; returns {s: the new state, out: [lines]}.
def reply($m; $s): ($m.id | tostring | split("/")) as [$kind, $seq, $line]
  | if $kind == "init" then
      {s: ($s + {today: $m.result.today, loc: ($m.result.locale // "en"), w: words($m.result.locale // "en")}), out: []}
    elif $m.error != null then
      if $kind == "get" then {s: $s, out: []}
      else {s: ($s | .errors += [failed($line; $m)]), out: []} end
    elif $kind == "get" then {s: ($s + {kept: $m.result.task}), out: []}
    elif $kind == "quiet" then {s: ($s + (if $seq == "0" then {ended: true} else {} end)), out: []}
    elif $kind == "sub" then $m.result as $r
      | {s: ($s + {sub: $r.subscription, version: $r.version, view: $r.snapshot}),
         out: [if $json == "1" then $r | tojson else $r.snapshot | view($s) end]}
    elif $kind == "show" then {s: ($s + {shown: $m.result.task}),
      out: [if $json == "1" then $m.result | tojson else $m.result | showtask($s) end]}
    elif $kind == "showhist" then
      if $s.shown == null then {s: $s, out: []}
      elif $json == "1" then {s: $s, out: [{steps: [$m.result.steps[] | select(.label | contains("'\($s.shown.title)'"))]} | tojson]}
      else {s: $s, out: [showhistory($s.shown; $m.result.steps)]} end
    elif $json == "1" then {s: $s, out: [$m.result | tojson]}
    else $m.result as $r | {s: $s, out: [
      if $kind == "view" then $r | view($s)
      elif $kind == "created" then $r | placed("Created"; $s)
      elif $kind == "moved" then $r | placed("Moved"; $s)
      elif $kind == "scheduled" then $r | placed(if $r.view == "inbox" then "Sent" else "Scheduled" end; $s)
      elif $kind == "updated" then $r | placed("Updated"; $s)
      elif $kind == "reopened" then $r | placed("Reopened"; $s)
      elif $kind == "completed" then "Completed \($r.task.id): " + ($r.task | taskline($s; {}))
      elif $kind == "deleted" then "Deleted \($r.deleted)" + ($s.kept | if . == null then "" else ": " + taskline($s; {}) end)
      elif $kind == "undo" then "Undid: \($r.undone.label)"
      elif $kind == "redo" then "Redid: \($r.redone.label)"
      # tw __complete: "ID<tab>TITLE" lines, tag names.
      elif $kind == "cids" then [$r.groups[].tasks[]] | sort_by(.id)[] | "\(.id)\t\(.title | gsub("[\t\r\n]"; " "))"
      elif $kind == "ctags" then $r.tags[].tag
      elif $kind == "history" then
        if $r.steps == [] then "(no history)" else $r.steps[]
          | "\(.id | lpad(5))  \(.at | fromdate | strflocaltime("%Y-%m-%d %H:%M"))  \(.label)  (\(.client // "?"))"
            + (if .undone then "  [undone]" else "" end) end
      elif $kind == "tags" then
        ([$r.tags[].count] | max // 0 | tostring | length) as $w
        | if $r.tags == [] then "(no tags)" else $r.tags[] | "\(.count | lpad($w))  #\(.tag)" end
      else $r end]}
    end;
