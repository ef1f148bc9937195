" autoload/taskwire/rpc.vim - the one taskwire job per Vim and its JSON-RPC 2.0 channel.
"
" Channel mode "nl": one JSON message per line (the server escapes U+2028/U+2029).  We
" json_encode()/json_decode() ourselves, match replies to requests by id and dispatch
" notifications through s:handlers, so a line Vim cannot decode is reported, not dropped.
" Before the server is up there is no catalogue: the few errors about starting it are English.

let s:version = '0.1.0'
let s:root = expand('<sfile>:p:h:h:h:h:h')

let s:job = v:null
let s:state = 'stopped'      " stopped | starting | ready
let s:stopping = 0
let s:next_id = 0
let s:pending = {}           " id -> {'method', 'on_result', 'on_error'}
let s:queue = []             " requests made while initialize is under way
let s:server = {}            " the initialize result
let s:stderr = []
let s:handlers = {}          " notification method -> Funcref(params)

" ---- configuration -------------------------------------------------------------------------

" The server command as a list: g:taskwire_command, else $TASKWIRE, else `taskwire` on PATH,
" else the repository's .build/release/taskwire next to this plugin; plus --db g:taskwire_db.
function! taskwire#rpc#command() abort
  let cmd = get(g:, 'taskwire_command', [])
  if type(cmd) == v:t_string
    let cmd = empty(cmd) ? [] : [cmd]
  endif
  let cmd = copy(cmd)
  if empty(cmd)
    if !empty($TASKWIRE)
      let cmd = [$TASKWIRE]
    elseif executable('taskwire')
      let cmd = ['taskwire']
    else
      let cmd = [s:root . '/.build/release/taskwire']
    endif
  endif
  let db = get(g:, 'taskwire_db', '')
  if !empty(db)
    " A PostgreSQL URL or libpq string is passed as is: expand() would read its ? and & as
    " wildcards.
    let is_url = db =~# '^postgres\(ql\)\=://' || db =~# '\<\(host\|dbname\|user\)='
    call extend(cmd, ['--db', is_url ? db : expand(db)])
  endif
  return cmd
endfunction

" ---- state -----------------------------------------------------------------------------------

function! taskwire#rpc#status() abort
  return s:state
endfunction

function! taskwire#rpc#ready() abort
  return s:state ==# 'ready'
endfunction

" The initialize result: serverInfo, methods, notifications, timeZone, today.
function! taskwire#rpc#server() abort
  return s:server
endfunction

function! taskwire#rpc#supports(method) abort
  return index(get(s:server, 'methods', []), a:method) >= 0
endfunction

" The job (v:null when none runs).
function! taskwire#rpc#job() abort
  return s:job
endfunction

function! taskwire#rpc#stderr() abort
  return copy(s:stderr)
endfunction

function! taskwire#rpc#on(method, Handler) abort
  let s:handlers[a:method] = a:Handler
endfunction

" ---- lifecycle -------------------------------------------------------------------------------

" Starts the job (once) and sends initialize.  Returns 1 when the job runs.
function! taskwire#rpc#start() abort
  if s:state !=# 'stopped'
    return 1
  endif
  let cmd = taskwire#rpc#command()
  if !executable(cmd[0])
    call taskwire#ui#error('cannot run the server ' . string(cmd[0])
          \ . ': set g:taskwire_command or $TASKWIRE')
    return 0
  endif
  let s:stderr = []
  let s:stopping = 0
  let s:server = {}
  try
    let s:job = job_start(cmd, {
          \ 'in_mode': 'nl', 'out_mode': 'nl', 'err_mode': 'nl', 'noblock': 1,
          \ 'out_cb': function('s:on_stdout'), 'err_cb': function('s:on_stderr'),
          \ 'exit_cb': function('s:on_exit'), 'stoponexit': 'term'})
  catch
    call taskwire#ui#error('cannot start the server: ' . v:exception)
    return 0
  endtry
  if job_status(s:job) !=# 'run'
    call taskwire#ui#error('cannot start the server ' . join(cmd))
    return 0
  endif
  let s:state = 'starting'
  augroup taskwire_rpc
    autocmd!
    autocmd VimLeavePre * call taskwire#rpc#detach()
  augroup END
  " The user's language for every word: g:taskwire_locale, else Vim's (v:lang).  The server
  " sends each task's display parts and group's header parts (render.vim draws them), and the
  " reminders (reminders.vim; loading it registers its handlers) unless g:taskwire_reminders is 0.
  let reminders = taskwire#reminders#enabled() ? v:true : v:false
  call s:send('initialize', {'clientInfo': {'name': 'taskwire.vim', 'version': s:version},
        \ 'protocolVersion': '1', 'locale': get(g:, 'taskwire_locale', v:lang),
        \ 'initializationOptions': {'displayParts': v:true, 'reminders': reminders}},
        \ function('s:on_initialized'), function('s:on_init_failed'))
  return 1
endfunction

" Closes the server's stdin (it answers what it has, closes the store and exits 0) and waits
" up to two seconds for it to go; then stops it.  Used by tests and when Vim exits.
function! taskwire#rpc#stop() abort
  if s:state ==# 'stopped'
    return
  endif
  let job = s:job
  call taskwire#rpc#detach()
  let waited = 0
  while job_status(job) ==# 'run' && waited < 2000
    sleep 10m
    let waited += 10
  endwhile
  if job_status(job) ==# 'run'
    call job_stop(job)
  endif
  call s:reset()
  call taskwire#view#on_server_exit()
endfunction

function! taskwire#rpc#detach() abort
  if s:state ==# 'stopped'
    return
  endif
  let s:stopping = 1
  try
    call ch_close_in(job_getchannel(s:job))
  catch
  endtry
endfunction

function! s:reset() abort
  let s:state = 'stopped'
  call taskwire#text#reset()
  if exists('*taskwire#reminders#on_server_exit')   " the next server sends them again
    call taskwire#reminders#on_server_exit()
  endif
  let s:pending = {}
  let s:queue = []
  let s:job = v:null
endfunction

" The catalogue is asked for first: its reply comes before any list's.
function! s:on_initialized(result) abort
  let s:server = a:result
  let s:state = 'ready'
  call taskwire#text#fetch({-> taskwire#view#render_all()})
  let queued = s:queue
  let s:queue = []
  for req in queued
    call s:send(req[0], req[1], req[2], req[3])
  endfor
  call taskwire#view#on_ready()
endfunction

function! s:on_init_failed(error) abort
  call taskwire#ui#error('initialize failed: ' . get(a:error, 'message', string(a:error)))
  call taskwire#rpc#stop()
endfunction

function! s:on_exit(job, status) abort
  if a:job isnot s:job
    return
  endif
  let expected = s:stopping
  call s:reset()
  call taskwire#view#on_server_exit()
  if !expected
    call taskwire#ui#error(empty(s:stderr)
          \ ? taskwire#text#get('vim.error.serverExited', {'code': a:status})
          \ : taskwire#text#get('vim.error.serverExitedLog',
          \   {'code': a:status, 'log': s:stderr[-1]}))
  endif
endfunction

" ---- requests --------------------------------------------------------------------------------

" Sends a request; calls on_result(result) or on_error(error) with the reply.  params may be
" v:none (no params member).  on_error defaults to showing the server's message.  Returns the
" request's id, -1 when it waits for initialize to be answered, 0 when it could not be sent (a
" message says why; neither callback will be called).
function! taskwire#rpc#request(method, params, ...) abort
  let OnResult = a:0 >= 1 ? a:1 : {r -> 0}
  let OnError = a:0 >= 2 ? a:2 : function('taskwire#ui#server_error')
  if s:state ==# 'stopped' && !taskwire#rpc#start()
    return 0
  endif
  if s:state ==# 'starting'
    call add(s:queue, [a:method, a:params, OnResult, OnError])
    return -1
  endif
  return s:send(a:method, a:params, OnResult, OnError)
endfunction

" Sends a request and waits (up to timeout ms, default 3000) for its reply: returns
" {'result': …} or {'error': …}.  For tests and scripts; the plugin itself never blocks.
function! taskwire#rpc#request_sync(method, params, ...) abort
  let timeout = a:0 ? a:1 : 3000
  let box = {}
  call taskwire#rpc#request(a:method, a:params,
        \ {r -> extend(box, {'result': r})}, {e -> extend(box, {'error': e})})
  let waited = 0
  while empty(box) && waited < timeout && s:state !=# 'stopped'
    sleep 10m
    let waited += 10
  endwhile
  return empty(box) ? {'error': {'code': 0, 'message': 'no reply to ' . a:method}} : box
endfunction

function! s:send(method, params, OnResult, OnError) abort
  let s:next_id += 1
  let msg = {'jsonrpc': '2.0', 'id': s:next_id, 'method': a:method}
  if a:params isnot v:none
    let msg.params = a:params
  endif
  let s:pending[s:next_id] = {'method': a:method, 'on_result': a:OnResult, 'on_error': a:OnError}
  try
    call ch_sendraw(s:job, json_encode(msg) . "\n")
  catch
    call remove(s:pending, s:next_id)
    call taskwire#ui#error(taskwire#text#get('vim.error.cannotSend',
          \ {'method': a:method, 'error': v:exception}))
    return 0
  endtry
  return s:next_id
endfunction

" ---- incoming --------------------------------------------------------------------------------

function! s:on_stdout(channel, line) abort
  if a:line =~# '^\s*$'
    return
  endif
  try
    let msg = json_decode(a:line)
  catch
    call taskwire#ui#error(taskwire#text#get('vim.error.unreadableMessage',
          \ {'line': strpart(a:line, 0, 120)}))
    return
  endtry
  for one in type(msg) == v:t_list ? msg : [msg]
    call s:dispatch(one)
  endfor
endfunction

function! s:dispatch(msg) abort
  if type(a:msg) != v:t_dict
    return
  endif
  if has_key(a:msg, 'method')
    let Handler = get(s:handlers, a:msg.method, v:null)
    if Handler isnot v:null
      call s:guard(Handler, get(a:msg, 'params', {}), a:msg.method)
    endif
    return
  endif
  let id = get(a:msg, 'id', v:null)
  if type(id) != v:t_number || !has_key(s:pending, id)
    if has_key(a:msg, 'error')
      call taskwire#ui#server_error(a:msg.error)
    endif
    return
  endif
  let req = remove(s:pending, id)
  if has_key(a:msg, 'error')
    call s:guard(req.on_error, a:msg.error, req.method)
  else
    call s:guard(req.on_result, get(a:msg, 'result', v:null), req.method)
  endif
endfunction

" A callback that throws must not leave the plugin half-updated without a word.
function! s:guard(Func, arg, what) abort
  try
    call call(a:Func, [a:arg])
  catch
    call taskwire#ui#error(taskwire#text#get('vim.error.handling',
          \ {'what': a:what, 'error': v:exception . ' ' . v:throwpoint}))
  endtry
endfunction

" The server's log is kept for the exit message; a new store it created is shown to the person.
function! s:on_stderr(channel, line) abort
  call add(s:stderr, a:line)
  let path = matchstr(a:line, '^taskwire: created a new, empty store at \zs.*')
  if !empty(path)
    call taskwire#text#when_loaded({-> taskwire#ui#notice(
          \ taskwire#text#get('message.newStore', {'path': path}))})
  endif
  if len(s:stderr) > 200
    call remove(s:stderr, 0, 99)
  endif
endfunction
