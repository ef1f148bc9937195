# fish completion of tw (installed as share/fish/vendor_completions.d/tw.fish): commands,
# options, views, option values (types, priorities, repeats, date phrases, sorts), tags, and task
# ids with their titles from the store (`tw done <TAB>`: "12  Call mom"; after an id too),
# through `tw __complete ids|done-ids|someday-ids|tags|projects|areas`, one request to the resident server. The same rules
# as completion/bash.sh.

# __tw_store ARGS: `tw [--db DB] ARGS` on the store of the line being completed, quietly.
function __tw_store
    set -l line (commandline -opc)
    set -l db
    if set -l i (contains -i -- --db $line)
        set db --db $line[(math $i + 1)]
    end
    $line[1] $db $argv 2>/dev/null </dev/null
end

# __tw_words: the command (its first line) and its arguments without the options and their
# values (the next lines), of the line being completed; nothing before a command.
function __tw_words
    set -l line (commandline -opc)
    set -e line[1]
    set -l skip 0
    for w in $line
        if test $skip = 1
            set skip 0
            continue
        end
        switch $w
            case --db --priority --type --every --duration --due --date --on --time --due-time --due-before --due-after --sort --tag --untag --notes --title --text --project --heading --area
                set skip 1
            case '-*'
            case '*'
                echo $w
        end
    end
end

function __tw_needs_command
    test (count (__tw_words)) -eq 0
end

# __tw_at N CMD...: the command is one of CMD and N of its arguments are before the word.
function __tw_at
    set -l words (__tw_words)
    test (count $words) -eq (math $argv[1] + 1); and contains -- $words[1] $argv[2..-1]
end

# __tw_ids_after CMD...: the command is one of CMD and its arguments so far are all ids or
# ranges (8, 3-5), or none: another id may follow.
function __tw_ids_after
    set -l words (__tw_words)
    test (count $words) -ge 1; and contains -- $words[1] $argv; or return 1
    set -e words[1]
    for w in $words
        string match -qr '^[0-9]+(-[0-9]+)?$' -- $w; or return 1
    end
end

# __tw_digit: the word being completed starts with a digit (after the ids of sched and mv, an
# id rather than a date).
function __tw_digit
    string match -qr '^[0-9]' -- (commandline -ct)
end

# __tw_ids ids|done-ids|someday-ids: the store's task ids that are not on the line yet, with their titles.
function __tw_ids
    set -l typed (__tw_words)
    for line in (__tw_store __complete $argv[1])
        contains -- (string split -m 1 \t -- $line)[1] $typed; or echo $line
    end
end

# __tw_prev WORD: the word before the one being completed is WORD.
function __tw_prev
    test (commandline -opc)[-1] = $argv[1]
end

# __tw_using CMD...: the command is one of CMD.
function __tw_using
    set -l words (__tw_words)
    test (count $words) -ge 1; and contains -- $words[1] $argv
end

set -l __tw_dates today tomorrow mon tue wed thu fri sat sun eow eom eoy +1d +2d +1w +2w +1m

complete -c tw -f
complete -c tw -n __tw_needs_command -l json -d 'print the raw JSON results'
complete -c tw -n __tw_needs_command -l db -r -F -d 'the store, or a PostgreSQL URL'
complete -c tw -n __tw_needs_command -l create -d 'make the store when it does not exist'
complete -c tw -n __tw_needs_command -l help -d usage
complete -c tw -n __tw_needs_command -a add -d 'create a task'
complete -c tw -n __tw_needs_command -a edit -d 'change a task'
complete -c tw -n __tw_needs_command -a show -d 'every field of a task'
complete -c tw -n __tw_needs_command -a ls -d 'list a view'
complete -c tw -n __tw_needs_command -a find -d 'open tasks with a text'
complete -c tw -n __tw_needs_command -a mv -d 'move a task'
complete -c tw -n __tw_needs_command -a sched -d 'schedule a task'
complete -c tw -n __tw_needs_command -a done -d 'complete a task'
complete -c tw -n __tw_needs_command -a undone -d 'reopen a completed task'
complete -c tw -n __tw_needs_command -a rm -d 'delete a task'
complete -c tw -n __tw_needs_command -a undo -d 'take back the last change'
complete -c tw -n __tw_needs_command -a redo -d 're-apply the last change undone'
complete -c tw -n __tw_needs_command -a log -d 'the undo history'
complete -c tw -n __tw_needs_command -a tags -d 'the tags of open tasks'
complete -c tw -n __tw_needs_command -a watch -d 'a view and its changes, live'
complete -c tw -n __tw_needs_command -a rpc -d 'a raw JSON-RPC request'
complete -c tw -n __tw_needs_command -a batch -d 'commands from stdin'
complete -c tw -n __tw_needs_command -a server -d 'the resident server'
complete -c tw -n __tw_needs_command -a help -d usage
complete -c tw -n __tw_needs_command -a project -d 'make a project'
complete -c tw -n __tw_needs_command -a area -d 'make an area'
complete -c tw -n __tw_needs_command -a heading -d 'make a heading in a project'
complete -c tw -n __tw_needs_command -a someday -d 'put tasks on Someday'
complete -c tw -n __tw_needs_command -a anytime -d 'take tasks off Someday'
complete -c tw -n __tw_needs_command -a cancel -d 'give tasks or projects up'
complete -c tw -n __tw_needs_command -a convert -d 'make a task a project'
complete -c tw -n __tw_needs_command -a remind -d 'set the reminders of a task'
complete -c tw -n __tw_needs_command -a reminders -d 'each reminder as it falls due, live'
complete -c tw -n __tw_needs_command -a snooze -d 'snooze a reminder'
complete -c tw -n __tw_needs_command -a dismiss -d 'dismiss a reminder'

complete -c tw -n '__tw_at 0 show edit sched schedule mv move' -a '(__tw_ids ids)'
complete -c tw -n '__tw_ids_after done rm delete someday cancel' -a '(__tw_ids ids)'
complete -c tw -n '__tw_ids_after anytime' -a '(__tw_ids someday-ids)'
complete -c tw -n '__tw_at 0 convert' -a '(__tw_ids ids)'
complete -c tw -n '__tw_ids_after undone' -a '(__tw_ids done-ids)'
complete -c tw -n '__tw_ids_after edit sched schedule mv move; and not __tw_at 0 edit sched schedule mv move; and __tw_digit' -a '(__tw_ids ids)'
complete -c tw -n '__tw_ids_after sched schedule; and not __tw_at 0 sched schedule; and not __tw_digit' -a "$__tw_dates inbox none"
complete -c tw -n '__tw_ids_after mv move; and not __tw_at 0 mv move; and not __tw_digit' -a "inbox evening $__tw_dates"
complete -c tw -n '__tw_at 0 ls list watch' -a 'inbox today upcoming matrix all logbook anytime someday projects project area'
complete -c tw -n '__tw_at 0 project area heading' -a add
complete -c tw -n '__tw_using ls list watch mv move; and __tw_prev project' -a '(__tw_store __complete projects)'
complete -c tw -n '__tw_using ls list watch mv move; and __tw_prev area' -a '(__tw_store __complete areas)'
complete -c tw -n '__tw_at 1 heading' -a '(__tw_store __complete projects)'
complete -c tw -n '__tw_ids_after mv move; and not __tw_at 0 mv move; and not __tw_digit' -a 'project area'
complete -c tw -n '__tw_using add ls list find watch' -l project -x -a '(__tw_store __complete projects)'
complete -c tw -n '__tw_using add' -l heading -x
complete -c tw -n '__tw_using add project ls list find watch' -l area -x -a '(__tw_store __complete areas)'
complete -c tw -n '__tw_using rm delete' -l keep-tasks
complete -c tw -n '__tw_using rm delete' -l delete-tasks
complete -c tw -n '__tw_at 0 server' -a 'status stop'
complete -c tw -n '__tw_at 0 remind snooze dismiss' -a '(__tw_ids ids)'
complete -c tw -n '__tw_at 2 snooze' -a '10m 1h evening tomorrow'
complete -c tw -n '__tw_using reminders' -l notify

# Fields (add, edit) and filters (ls, find, watch).
complete -c tw -n '__tw_using add edit ls list find watch' -l priority -x -a '1 2 3 low medium high'
complete -c tw -n '__tw_using add edit ls list find watch' -l type -x -a 'deep shallow errand meeting learning maintenance'
complete -c tw -n '__tw_using add edit ls list find watch' -l urgent
complete -c tw -n '__tw_using add edit ls list find watch' -l not-urgent
complete -c tw -n '__tw_using add edit ls list find watch' -l tag -x -a '(__tw_store __complete tags)'
complete -c tw -n '__tw_using add edit' -l duration -x -a '15m 30m 45m 1h 1h30m 2h 3h'
complete -c tw -n '__tw_using add edit' -l due -x -a "$__tw_dates none"
complete -c tw -n '__tw_using add edit' -l date -x -a "$__tw_dates none"
complete -c tw -n '__tw_using add edit' -l time -x -a '9:00 12:00 15:00 17:00 none'
complete -c tw -n '__tw_using add edit' -l due-time -x -a '9:00 12:00 15:00 17:00 none'
complete -c tw -n '__tw_using add edit' -l notes -x
complete -c tw -n '__tw_using add edit' -l every -x -a 'daily weekly biweekly monthly daily! weekly! biweekly! monthly! none'
complete -c tw -n '__tw_using add' -l on -x -a "$__tw_dates"
complete -c tw -n '__tw_using add' -l today
complete -c tw -n '__tw_using add' -l tomorrow
complete -c tw -n '__tw_using add' -l inbox
complete -c tw -n '__tw_using edit' -l untag -x -a '(__tw_store __complete tags)'
complete -c tw -n '__tw_using edit' -l title -x
complete -c tw -n '__tw_using ls list find watch' -l repeating
complete -c tw -n '__tw_using ls list find watch' -l due-before -x -a "$__tw_dates"
complete -c tw -n '__tw_using ls list find watch' -l due-after -x -a "$__tw_dates"
complete -c tw -n '__tw_using ls list find watch' -l text -x
complete -c tw -n '__tw_using ls list find watch' -l sort -x -a 'manual priority duration due title project'
