# watch.jq: tw watch's output: the view, then one readable line per change as it comes (the
# view/changed notifications applied to the snapshot). The rest is render.jq's (tasks.jq).
include "common";
include "tasks";

# Watch: apply a view/changed notification's ops to the snapshot, one readable line per op.
def at($g; $i): .groups |= map(if .key == $g then .tasks |= .[$i] else . end);
def gtitle($g; $s): (.groups[] | select(.key == $g)
  | if .date == null or .key == "today" then .title else .title as $t | .date | daytitle($t; $s) end) // $g;
def applyop($o; $s): . as $v
  | ($v.groups | map(.key) | index($o.group // $o.from.group // $o.key)) as $gi
  | if $o.op == "insert" then
      {v: (.groups[$gi].tasks |= .[:$o.index] + [$o.task] + .[$o.index:]),
       line: ("+ \(gtitle($o.group; $s)), position \($o.index): " + ($o.task | idline($s; {view: $v.view}; 0)))}
    elif $o.op == "remove" then
      {v: (.groups[$gi].tasks |= del(.[$o.index])),
       line: ("- \(gtitle($o.group; $s)): " + (.groups[$gi].tasks[$o.index] | idline($s; {view: $v.view}; 0)))}
    elif $o.op == "move" then .groups[$gi].tasks[$o.from.index] as $t
      | (.groups[$gi].tasks |= del(.[$o.from.index])) as $mid
      | ($mid.groups | map(.key) | index($o.to.group)) as $ti
      | {v: ($mid | .groups[$ti].tasks |= .[:$o.to.index] + [$t] + .[$o.to.index:]),
         line: ("> \(gtitle($o.to.group; $s)), position \($o.to.index) (was \(gtitle($o.from.group; $s)), position \($o.from.index)): "
           + ($t | idline($s; {view: $v.view}; 0)))}
    elif $o.op == "update" then
      (.groups[$gi].tasks[$o.index] + $o.fields
        | reduce ($o.cleared // [])[] as $c (.; .[$c] = null)) as $t
      | {v: (.groups[$gi].tasks[$o.index] = $t),
         line: ("~ \(gtitle($o.group; $s)): " + ($t | idline($s; {view: $v.view}; 0)))}
    elif $o.op == "insertGroup" then {v: (.groups |= .[:$o.index] + [$o.group + {tasks: []}] + .[$o.index:])}
    elif $o.op == "removeGroup" then {v: (.groups |= del(.[$o.index]))}
    elif $o.op == "updateGroup" then {v: (.groups[$o.index] += {title: $o.title, date: $o.date})}
    else {v: ., line: "? \($o | tojson)"} end;

def changed($m; $s): $m.params as $p
  | if $p.subscription != $s.sub then {s: $s, out: []}
    elif $json == "1" then {s: $s, out: [$p | tojson]} else
      ($s.w) as $w
      | ($s + {today: $p.today}) as $s2
      | reduce $p.ops[] as $o ({v: $s.view, out: []};
          (.v | applyop($o; $s2)) as $r | .v = $r.v | .out += [$r.line // empty])
      | {s: ($s2 + {view: .v, version: $p.to}),
         out: ((if $p.from != $s.version then ["! missed changes (had version \($s.version), got \($p.from)); run tw ls"] else [] end)
           + (if $p.today != $s.today then ["* a new day: \($p.today | dayname($s2))"] else [] end)
           + .out)}
    end;

run(if .m.method == "view/changed" then changed(.m; .s)
    elif (.m | has("id")) then reply(.m; .s)
    else {s: .s, out: []} end;
  {today: null, loc: "en", w: words("en")})
