" test/test_views.vim - opening the views, the buffer, the command, the keys, the help file,
" and the view-diff ops on their own.

let s:today = 'Today · Thu, Feb 12'

function! Test_open_today() abort
  call TwSeed([['Buy milk', 'today', {'tags': ['shop'], 'priority': 3}],
        \ ['Call mom', 'today', {'urgent': v:true}],
        \ ['Old thing', 'today', {'dueDate': '2026-02-20'}]])
  call TwOpen('today')
  call assert_equal([s:today . ' · 45m', '[ ] Buy milk  !!!  #shop', '[ ] Call mom  *',
        \ '[ ] Old thing  due Fri, Feb 20'], getline(1, '$'))
  call assert_equal([0, 1, 2, 3], b:taskwire_ids)
  call assert_equal(['group', 'task', 'task', 'task'], map(copy(b:taskwire_lines), 'v:val.kind'))
  call assert_equal('nofile', &buftype)
  call assert_equal(0, &modifiable)
  call assert_equal('taskwire', &filetype)
  call assert_equal('today', b:taskwire_view)
endfunction

function! Test_open_upcoming() abort
  call TwSeed([['B', 'upcoming'], ['C', 'upcoming', {'scheduledDate': 'in 3 days'}],
        \ ['D', 'upcoming', {'scheduledDate': 'dec 24 2027'}]])
  call TwOpen('upcoming')
  call assert_equal(['Tomorrow · Fri, Feb 13 · 15m', '[ ] B', '',
        \ 'Sun, Feb 15 · 15m', '[ ] C', '',
        \ 'Dec 24, 2027 · Fri · 15m', '[ ] D'], getline(1, '$'))
  call assert_equal([0, 1, 0, 0, 2, 0, 0, 3], b:taskwire_ids)
endfunction

function! Test_open_inbox_and_empty_views() abort
  call TwSeed([['Idea', 'inbox']])
  call TwOpen('inbox')
  call assert_equal(['Inbox · 15m', '[ ] Idea'], getline(1, '$'))
  call TwOpen('today')
  call assert_equal([s:today, '  (no tasks)'], getline(1, '$'))
  call TwOpen('upcoming')
  call assert_equal(['  (nothing upcoming)'], getline(1, '$'))
endfunction

function! Test_command_default_completion_and_reuse() abort
  Taskwire
  call assert_equal('taskwire://today', bufname('%'))
  call assert_equal(['inbox', 'today', 'upcoming', 'matrix', 'all', 'logbook', 'anytime',
        \ 'someday', 'projects', 'project', 'area'],
        \ getcompletion('Taskwire ', 'cmdline'))
  call assert_equal(['upcoming'], getcompletion('Taskwire u', 'cmdline'))
  " a view shown in another window is reused, not opened twice
  call TwWaitFor({-> getline(1) !~# '^Loading'}, 'today to load')
  let winid = win_getid()
  split
  enew
  Taskwire today
  call assert_equal(winid, win_getid())
  only
  Taskwire nope
  call TwWaitMessage("taskwire: unknown view 'nope'")
endfunction

function! Test_switch_views_with_keys() abort
  call TwSeed([['Idea', 'inbox'], ['Now', 'today'], ['Later', 'upcoming']])
  call TwOpen('today')
  call TwKeys('gi')
  call assert_equal('taskwire://inbox', bufname('%'))
  call TwWaitLines(['Inbox · 15m', '[ ] Idea'])
  call assert_false(bufexists('taskwire://today'), 'the left view buffer is wiped')
  call assert_equal({}, taskwire#view#state('today'))
  call TwKeys('gu')
  call assert_equal('taskwire://upcoming', bufname('%'))
  call TwWaitLines(['Tomorrow · Fri, Feb 13 · 15m', '[ ] Later'])
  call TwKeys('gt')
  call assert_equal('taskwire://today', bufname('%'))
  call TwWaitLines([s:today . ' · 15m', '[ ] Now'])
  call TwKeys('q')
  call assert_false(bufexists('taskwire://today'), 'q wipes the view buffer')
endfunction

function! Test_group_jumps() abort
  call TwSeed([['A', 'upcoming'], ['B', 'upcoming', {'scheduledDate': '+3d'}]])
  call TwOpen('upcoming')
  call cursor(1, 1)
  call TwKeys(']]')
  call assert_equal(4, line('.'))
  call TwKeys('[[')
  call assert_equal(1, line('.'))
endfunction

function! Test_default_keys_and_plug_maps() abort
  call TwOpen('today')
  for [key, name] in taskwire#keys#defaults()
    call assert_equal('<Plug>(taskwire-' . name . ')', maparg(key, 'n'), 'key ' . key)
    call assert_match('<Cmd>call taskwire#\w\+#', maparg('<Plug>(taskwire-' . name . ')', 'n'))
  endfor
  " a <Plug> map the user mapped keeps its default key free
  nmap ,c <Plug>(taskwire-complete)
  Taskwire inbox
  call assert_equal('', maparg('x', 'n'))
  call assert_equal('<Plug>(taskwire-add)', maparg('a', 'n'))
  nunmap ,c
  let g:taskwire_no_mappings = 1
  Taskwire today
  call assert_equal('', maparg('a', 'n'))
endfunction

function! Test_help_file_and_tags() abort
  let doc = fnamemodify(s:TwDir(), ':h') . '/doc/taskwire.txt'
  let dir = g:tw_db . '.doc'
  call mkdir(dir . '/doc', 'p')
  call writefile(readfile(doc), dir . '/doc/taskwire.txt')
  execute 'helptags' fnameescape(dir . '/doc')
  let tags = map(readfile(dir . '/doc/tags'), 'split(v:val, "\t")[0]')
  for tag in ['taskwire', 'taskwire.txt', ':Taskwire', 'taskwire-mappings', 'taskwire-options',
        \ 'g:taskwire_command', 'g:taskwire_db', 'taskwire-protocol', 'taskwire-queue',
        \ 'taskwire-quick-add', 'taskwire-quick-add-dates', 'taskwire-quick-add-place']
    call assert_true(index(tags, tag) >= 0, 'no help tag ' . tag)
  endfor
  for [key, name] in taskwire#keys#defaults()
    call assert_true(index(tags, '<Plug>(taskwire-' . name . ')') >= 0, 'no tag for ' . name)
  endfor
  execute 'set runtimepath+=' . fnameescape(dir)
  help taskwire-mappings
  call assert_equal('help', &buftype)
  helpclose
endfunction

let s:twdir = expand('<sfile>:p:h')
function! s:TwDir() abort
  return s:twdir
endfunction

" ---- the ops, on a snapshot of their own ----------------------------------------------------

function! s:Snap() abort
  return {'view': 'upcoming', 'today': '2026-02-12', 'version': 1, 'groups': [
        \ {'key': '2026-02-13', 'title': 'Tomorrow', 'date': '2026-02-13',
        \  'tasks': [{'id': 1, 'title': 'A'}, {'id': 2, 'title': 'B'}]},
        \ {'key': '2026-02-15', 'title': 'Feb 15', 'date': '2026-02-15',
        \  'tasks': [{'id': 3, 'title': 'C'}]}]}
endfunction

function! s:Titles(snap) abort
  return map(copy(a:snap.groups), 'v:val.key . ":" . join(map(copy(v:val.tasks), "v:val.title"), ",")')
endfunction

function! Test_diff_ops() abort
  let snap = taskwire#diff#apply(s:Snap(), [
        \ {'op': 'move', 'id': 1, 'from': {'group': '2026-02-13', 'index': 0},
        \  'to': {'group': '2026-02-15', 'index': 1}},
        \ {'op': 'insert', 'group': '2026-02-13', 'index': 0, 'task': {'id': 4, 'title': 'D'}},
        \ {'op': 'update', 'group': '2026-02-13', 'index': 1, 'id': 2, 'fields': {'title': 'BB'}},
        \ {'op': 'insertGroup', 'index': 2,
        \  'group': {'key': '2026-02-20', 'title': 'Feb 20', 'date': '2026-02-20'}},
        \ {'op': 'remove', 'group': '2026-02-15', 'index': 0, 'id': 3},
        \ {'op': 'updateGroup', 'index': 0, 'key': '2026-02-13', 'title': 'Feb 13',
        \  'date': '2026-02-13'}])
  call assert_equal(['2026-02-13:D,BB', '2026-02-15:A', '2026-02-20:'], s:Titles(snap))
  call assert_equal('Feb 13', snap.groups[0].title)
  let snap = taskwire#diff#apply(snap, [
        \ {'op': 'removeGroup', 'index': 2, 'key': '2026-02-20'}])
  call assert_equal(['2026-02-13:D,BB', '2026-02-15:A'], s:Titles(snap))
  " ops that do not fit throw, so that the view is listed again
  for op in [{'op': 'remove', 'group': '2026-02-13', 'index': 0, 'id': 2},
        \ {'op': 'insert', 'group': 'nope', 'index': 0, 'task': {'id': 9}},
        \ {'op': 'insert', 'group': '2026-02-15', 'index': 5, 'task': {'id': 9}},
        \ {'op': 'removeGroup', 'index': 0, 'key': '2026-02-13'},
        \ {'op': 'frobnicate'}]
    let thrown = ''
    try
      call taskwire#diff#apply(s:Snap(), [op])
    catch
      let thrown = v:exception
    endtry
    call assert_match('^taskwire: ', thrown, 'op ' . string(op))
  endfor
endfunction

function! Test_next_day() abort
  call assert_equal('2026-02-13', taskwire#view#next_day('2026-02-12'))
  call assert_equal('2028-02-29', taskwire#view#next_day('2028-02-28'))
  call assert_equal('2026-03-01', taskwire#view#next_day('2026-02-28'))
  call assert_equal('2027-01-01', taskwire#view#next_day('2026-12-31'))
endfunction

function! Test_missing_server_is_a_message() abort
  let g:taskwire_command = [g:tw_db . '.no-such-taskwire']
  Taskwire today
  call TwWaitMessage('taskwire: cannot run the server')
  call assert_equal('stopped', taskwire#rpc#status())
endfunction

" A store path that does not exist yet: the server creates it and says so on stderr; the plugin
" shows that to the person (a warning and a popup), once, so a typo in g:taskwire_db does not
" look like an empty Today.
function! Test_a_new_store_is_announced() abort
  let path = g:tw_db . '.typo/tasks.sqlite'
  let g:taskwire_command = [$TASKWIRE, '--db', path, '--clock', '2026-02-12T08:00:00Z']
  call TwOpen('today')
  call TwWaitMessage('taskwire: Created a new, empty store at ' . path)
  let popup = taskwire#ui#notice_popup()
  call assert_notequal(0, popup, 'a popup shows it')
  call assert_match('Created a new, empty store at ' . path,
        \ join(getbufline(winbufnr(popup), 1, '$'), ' '))
  call popup_clear()
  " the same store again: it exists now, nothing is said
  call taskwire#rpc#stop()
  messages clear
  call TwOpen('inbox')
  call TwWaitLines(['Inbox', '  (no tasks)'])
  call assert_notmatch('Created a new', execute('messages'))
endfunction

function! Test_edit_reloads_the_view() abort
  call TwOpen('today')
  call taskwire#rpc#request_sync('view/unsubscribe',
        \ {'subscription': taskwire#view#state('today').sub})
  call TwOutside([['task/create', {'title': 'New', 'view': 'today'}]])
  edit
  call TwWaitLines([s:today . ' · 15m', '[ ] New'])
  call assert_equal('taskwire', &filetype)
  call assert_equal('<Plug>(taskwire-add)', maparg('a', 'n'))
endfunction

" A PostgreSQL URL in g:taskwire_db reaches the server as typed: its ? and & are no wildcards.
function! Test_a_postgres_url_is_passed_as_is() abort
  unlet! g:taskwire_command
  let g:taskwire_db = 'postgresql://ana@/tasks?host=/tmp/pg&port=5433&options=-csearch_path%3Dana'
  try
    let command = taskwire#rpc#command()
    call assert_equal(['--db', g:taskwire_db], command[-2:])
    let g:taskwire_db = 'host=/tmp/pg dbname=tasks'
    call assert_equal(['--db', g:taskwire_db], taskwire#rpc#command()[-2:])
  finally
    unlet g:taskwire_db
  endtry
endfunction
