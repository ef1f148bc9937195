# remind.jq: tw reminders' output: one line per reminder as it comes (the reminder
# notifications of a session that declared initializationOptions.reminders), in the server's
# words: "+ ID AT  TITLE · WHEN: TEXT" ("+ 3 2026-11-27T09:00  Reminder · Today 9 AM: Call
# Anna"), and "- ID AT  TEXT" when one stops showing (dismissed, snoozed, completed, changed,
# here or anywhere). ID AT is what tw snooze and tw dismiss take. Args: $json ("1": each
# notification as it came), $notify (true: an alerting one is also a line "\u001eTITLE\u001fTEXT"
# for notify-send, lib/remind.sh).
include "common";

def clean: tostring | gsub("[\u0000-\u001f\u007f]"; " ");
def key($p): "\($p.id) \($p.at)";
def shown($p): "+ \(key($p))  "
  + ([$p.title, $p.when] | map(select(. != null and . != "") | clean) | join(" · ")) + ": "
  + ($p.text // "" | clean);

def step: .m as $m | .s as $s
  | if ($m | has("id")) then
      if $m.id == "cat//" then catalogue($m; $s)
      elif $m.error != null then {s: ($s | .errors += [failed(""; $m; $s)]), out: []}
      else {s: $s, out: []} end
    elif $m.method == "reminder" then $m.params as $p
      | {s: ($s | .texts[key($p)] = $p.text),
         out: ([if $json == "1" then $m | tojson else shown($p) end]
           + (if $notify and $p.alert == true
              then ["\u001e\($p.title // "" | clean)\u001f\($p.text // "" | clean)"] else [] end))}
    elif $m.method == "reminder/cleared" then $m.params as $p
      | {s: ($s | del(.texts[key($p)])),
         out: [if $json == "1" then $m | tojson
           else "- \(key($p))" + ($s.texts[key($p)] // null | if . == null then "" else "  " + clean end) end]}
    else {s: $s, out: []} end;

run(step; {cat: {}, texts: {}})
