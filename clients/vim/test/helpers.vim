" test/helpers.vim - helpers shared by the test files (global Tw* functions).

" The prompt hook (g:taskwire_input_func): records the prompt and its default, answers from
" g:tw_answers ('' = the user cancelled a plain prompt, or took the usual answer of an asking one;
" "\x1b" = Esc on an asking one).
function! TwInput(prompt, default) abort
  call add(g:tw_prompts, [a:prompt, a:default])
  return empty(g:tw_answers) ? '' : remove(g:tw_answers, 0)
endfunction

" Runs [[method, params], …] in a second, one-shot taskwire process on the test's store (as
" another client would) and returns its replies, initialize's left out.
function! TwOutside(requests) abort
  let lines = [json_encode({'jsonrpc': '2.0', 'id': 0, 'method': 'initialize',
        \ 'params': {'clientInfo': {'name': 'outside'}, 'protocolVersion': '1'}})]
  let id = 0
  for [method, params] in a:requests
    let id += 1
    call add(lines, json_encode({'jsonrpc': '2.0', 'id': id, 'method': method,
          \ 'params': params}))
  endfor
  let cmd = join(map(copy(g:taskwire_command), 'shellescape(v:val)')) . ' 2>/dev/null'
  let out = system(cmd, join(lines, "\n") . "\n")
  call assert_equal(0, v:shell_error, 'the outside taskwire failed: ' . out)
  let replies = map(split(out, "\n"), 'json_decode(v:val)')
  for reply in replies
    call assert_false(has_key(reply, 'error'), 'outside request failed: ' . string(reply))
  endfor
  return replies[1:]
endfunction

" Seeds tasks before the plugin starts: [[title, view, extra params], …] -> ids.
function! TwSeed(tasks) abort
  let requests = []
  for task in a:tasks
    call add(requests, ['task/create', extend({'title': task[0], 'view': task[1]},
          \ get(task, 2, {}))])
  endfor
  return map(TwOutside(requests), 'v:val.result.task.id')
endfunction

" Polls Cond() every 20 ms for up to timeout ms (default 3000); records a failure on timeout.
function! TwWaitFor(Cond, what, ...) abort
  let timeout = a:0 ? a:1 : 3000
  let waited = 0
  while waited < timeout
    if a:Cond()
      return 1
    endif
    sleep 20m
    let waited += 20
  endwhile
  if a:Cond()
    return 1
  endif
  call add(v:errors, 'timed out after ' . timeout . ' ms waiting for ' . a:what
        \ . '; buffer ' . bufname('%') . ': ' . string(getline(1, '$')))
  return 0
endfunction

" :Taskwire VIEW and wait until the buffer shows the server's list.
function! TwOpen(view) abort
  execute 'Taskwire' a:view
  call assert_equal('taskwire://' . a:view, bufname('%'))
  call TwWaitFor({-> !empty(get(taskwire#view#state(a:view), 'snapshot', {}))
        \ && taskwire#text#loaded() && getline(1) !=# taskwire#text#get('list.loading')},
        \ 'the ' . a:view . ' view to load')
endfunction

" Waits until the buffer is exactly `expected`, then asserts it (a diff on failure).
function! TwWaitLines(expected, ...) abort
  call TwWaitFor({-> getline(1, '$') ==# a:expected}, 'lines ' . string(a:expected),
        \ a:0 ? a:1 : 3000)
  call assert_equal(a:expected, getline(1, '$'))
endfunction

" Puts the cursor on the line that is exactly `text`.
function! TwCursor(text) abort
  let lnum = index(getline(1, '$'), a:text) + 1
  call assert_true(lnum > 0, 'no line ' . string(a:text) . ' in ' . string(getline(1, '$')))
  call cursor(lnum, 1)
endfunction

" Waits until :messages holds `text` (a literal substring).
function! TwWaitMessage(text) abort
  return TwWaitFor({-> stridx(execute('messages'), a:text) >= 0},
        \ 'the message ' . string(a:text) . ' (messages: ' . execute('messages') . ')')
endfunction

" A request through the plugin's own server, waiting for the reply.
function! TwRequest(method, params) abort
  let reply = taskwire#rpc#request_sync(a:method, a:params)
  call assert_false(has_key(reply, 'error'), a:method . ' failed: ' . string(reply))
  return get(reply, 'result', {})
endfunction

function! TwTask(id) abort
  return TwRequest('task/get', {'id': a:id})
endfunction

" The titles of a view, per group: [[key, [titles]], …], from the server.
function! TwServerView(view) abort
  let result = TwRequest('view/list', {'view': a:view})
  return map(copy(get(result, 'groups', [])),
        \ '[v:val.key, map(copy(v:val.tasks), "v:val.title")]')
endfunction

" Presses keys in the current buffer, mappings applied.
function! TwKeys(keys) abort
  execute 'normal' a:keys
endfunction

" The text property (its type: the highlight group) under the first byte of `text` on line
" `lnum` of the current buffer, leaving the checkbox's out; '' when none.
function! TwPropAt(lnum, text) abort
  let col = stridx(getline(a:lnum), a:text) + 1
  call assert_true(col > 0, 'no ' . string(a:text) . ' on line ' . a:lnum . ': ' . getline(a:lnum))
  for prop in prop_list(a:lnum)
    if prop.col <= col && col < prop.col + prop.length && prop.type !=# 'taskwireBox'
      return prop.type
    endif
  endfor
  return ''
endfunction

" Whether `text` holds one of `words` as a whole word (case-sensitive): the first found, or ''.
function! TwEnglishWord(text, words) abort
  for word in a:words
    if a:text =~# '\C\<' . word . '\>'
      return word
    endif
  endfor
  return ''
endfunction

let s:tw_fixtures = expand('<sfile>:p:h:h:h:h') . '/Protocol/fixtures'

" Protocol/fixtures/display.json, its store imported into a new store of this test, the server
" command set to its clock and time zone (a skip without the fixture).
function! TwFixture() abort
  let file = s:tw_fixtures . '/display.json'
  if !filereadable(file)
    call TwSkip('no ' . file)
  endif
  let fixture = json_decode(join(readfile(file), "\n"))
  let db = g:tw_db . '.fixture.sqlite'
  let out = system(join(map([$TASKWIRE, 'import', '--db', db,
        \ s:tw_fixtures . '/' . fixture.store], 'shellescape(v:val)')) . ' 2>&1')
  call assert_equal(0, v:shell_error, 'taskwire import: ' . out)
  let g:taskwire_command = [$TASKWIRE, '--db', db, '--clock', fixture.clock,
        \ '--time-zone', fixture.timeZone]
  return fixture
endfunction

function! TwSkip(reason) abort
  throw 'SKIP: ' . a:reason
endfunction
