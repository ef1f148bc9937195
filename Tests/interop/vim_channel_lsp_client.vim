" Drives taskwire through Vim's own JSON-RPC client: a job whose channel is in mode 'lsp'
" (Content-Length framing, ids matched by Vim, requests through ch_evalexpr(), notifications
" through the channel callback). The diffs are applied with the Vim plugin's applier
" (clients/vim/autoload/taskwire/diff.vim).
"
"   TASKWIRE=… vim -Nu NONE -es --cmd 'set rtp^=clients/vim' -S THIS
"
" Writes "ok" or what failed to the file named by $INTEROP_OUT; exits 0 or 1.

let s:snapshots = {}
let s:failures = []
let s:notes = 0

function! s:Check(cond, what) abort
  if !a:cond
    call add(s:failures, a:what)
  endif
endfunction

function! s:OnMessage(channel, message) abort
  if get(a:message, 'method', '') ==# 'view/changed'
    let params = a:message.params
    let snapshot = s:snapshots[params.subscription]
    call s:Check(params.from == snapshot.version, 'no gap in versions')
    call taskwire#diff#apply(snapshot, params.ops)
    let snapshot.version = params.to
    let snapshot.today = params.today
    let s:notes += 1
  endif
endfunction

function! s:Call(method, params) abort
  let reply = ch_evalexpr(s:channel, {'method': a:method, 'params': a:params}, {'timeout': 5000})
  return reply
endfunction

function! s:Listed(view) abort
  let listed = s:Call('view/list', {'view': a:view}).result
  unlet listed.version
  return listed
endfunction

function! s:Scenario() abort
  let s:job = job_start([$TASKWIRE, '--memory', '--clock', '2026-02-12T08:00:00Z', '--time-zone', 'UTC'],
        \ {'in_mode': 'lsp', 'out_mode': 'lsp', 'err_io': 'null', 'callback': function('s:OnMessage')})
  let s:channel = job_getchannel(s:job)
  let init = s:Call('initialize', {'processId': getpid(), 'clientInfo': {'name': 'vim', 'version': string(v:version)},
        \ 'capabilities': {}, 'rootUri': v:null})
  call s:Check(has_key(init.result, 'capabilities'), 'initialize has capabilities')
  call ch_sendexpr(s:channel, {'method': 'initialized', 'params': {}})
  for [title, view] in [['Inbox task', 'inbox'], ['Today task', 'today'], ['Upcoming task', 'upcoming']]
    call s:Check(has_key(s:Call('task/create', {'title': title, 'view': view}), 'result'), 'create in ' . view)
  endfor
  for view in ['inbox', 'today', 'upcoming']
    let subscribed = s:Call('view/subscribe', {'view': view}).result
    let snapshot = subscribed.snapshot
    unlet snapshot.version
    let snapshot.version = subscribed.version
    let s:snapshots[subscribed.subscription] = snapshot
  endfor
  call s:Check(has_key(s:Call('task/move', {'id': 1, 'view': 'today', 'index': 0}), 'result'), 'move')
  call s:Check(has_key(s:Call('history/undo', {}), 'result'), 'undo')
  call s:Check(has_key(s:Call('task/update', {'id': 2, 'notes': 'n'}), 'result'), 'update')
  call s:Check(has_key(s:Call('task/update', {'id': 2, 'notes': v:null}), 'result'), 'clear')
  " Notifications come after their replies: a last round trip lets them arrive.
  call s:Call('tags/list', {})
  sleep 50m
  call s:Check(s:notes >= 4, 'view/changed arrived (' . s:notes . ')')
  for [id, view] in [[1, 'inbox'], [2, 'today'], [3, 'upcoming']]
    let snapshot = copy(s:snapshots[id])
    unlet snapshot.version
    call s:Check(snapshot == s:Listed(view), 'the diffed ' . view . ' equals view/list')
  endfor
  let error = s:Call('task/get', {'id': 999})
  call s:Check(get(get(error, 'error', {}), 'code', 0) == -32010, 'task/get 999 is -32010')
  call s:Check(s:Call('shutdown', v:null).result == v:null, 'shutdown')
  call ch_sendexpr(s:channel, {'method': 'exit'})
  let waited = 0
  while job_status(s:job) ==# 'run' && waited < 100
    sleep 20m
    let waited += 1
  endwhile
  call s:Check(job_info(s:job).exitval == 0, 'exit code 0')
endfunction

try
  call s:Scenario()
catch
  call add(s:failures, v:exception)
endtry
call writefile(empty(s:failures) ? ['ok'] : s:failures, $INTEROP_OUT)
execute empty(s:failures) ? 'qall!' : 'cquit!'
