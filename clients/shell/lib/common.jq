# common.jq: what both of tw's jq programs share (render.jq renders every command; brief.jq only
# undo and redo, whose output needs none of the task lines: a smaller program compiles faster).
# Args: $json ("1": raw results), $resident (through the resident server: the session must end
# with the reply to shutdown). Every word comes from the server's catalogue, kept in the state
# ($s.cat) from the reply to catalogue/get that starts each session.

# word($s; KEY; {NAME: VALUE}): the catalogue's text of KEY, each {NAME} replaced by its VALUE
# (KEY itself, with the values, when the server sent no catalogue).
def word($s; $key; $args):
  if $s.cat[$key] == null then ([$key] + ($args | to_entries | map("\(.key)=\(.value)")) | join(" "))
  else reduce ($args | to_entries[]) as $a ($s.cat[$key]; split("{\($a.key)}") | join($a.value | tostring)) end;
def word($s; $key): word($s; $key; {});

# The reply to catalogue/get: the words of the session's language.
def catalogue($m; $s): {s: ($s + {cat: ($m.result.strings // {})}), out: []};

# An error as people read it: no JSON-RPC prefix or code unless --json. A request of a
# task/batch that fails names its parameter as the request alone would ("date", not
# "requests[1].params.date"); the task, when it is about one, the server's message names.
def message($e; $s): ($e.message | gsub("[\t\r\n]"; " ")) as $m
  | if $json == "1" then "\($m) (\($e.code))"
    elif $e.code == -32601 then word($s; "tw.error.unknownMethod"; {method: ($e.data.method // $m)})
    elif $e.code <= -32600 and $e.code >= -32700 and ($m | test(": ")) then
      $m | sub("^[^:]*: "; "") | gsub("requests\\[[0-9]+\\]\\.params\\."; "")
    else $m end;

# What an error reply adds to the errors ($line: the stdin line of a batch, or empty).
def failed($line; $m; $s): message($m.error; $s) as $text
  | "tw: " + (if $line != "" and $line != null then word($s; "tw.line"; {line: $line, message: $text}) else $text end);

# Renders every message on stdin: `step` turns {m: a message, s: the state} into {s, out: [lines]};
# the lines are printed as they come, the errors gathered and written to stderr at the end (exit 1).
def run(step; $start):
  foreach (inputs, {end: true}) as $m (
    $start + {errors: [], out: []};
    if $m.end == true or ($m | type) != "object" then .out = []
    else ({m: $m, s: .} | step) as $r | $r.s + {out: $r.out} end;
    if $m.end == true then
      # Through the resident server, the session ends with shutdown's reply: without it, the
      # connection was cut and some requests may not have been answered (or done). Cut before
      # the catalogue came, there are no words to say it with: exit 2 after the other errors,
      # and tw says it from a catalogue of its own (die_msg).
      (if $resident and .ended != true and ((.cat // {}) | length) == 0
       then .errors | map(. + "\n") | join("") | halt_error(2) else . end)
      | (if $resident and .ended != true then .errors += ["tw: " + word(.; "tw.error.cutOff")] else . end)
      | (if .errors != [] then .errors | join("\n") + "\n" | halt_error(1) else empty end)
    else .out[] end);
