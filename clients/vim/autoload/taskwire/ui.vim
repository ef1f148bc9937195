" autoload/taskwire/ui.vim - messages and prompts.

" An error: shown highlighted and kept in :messages, e.g. "taskwire: Task 42 not found".  A
" message wider than the command line is shown whole in a popup as well, wrapped at words
" (Vim would cut it in the middle).
function! taskwire#ui#error(msg) abort
  let text = 'taskwire: ' . a:msg
  echohl ErrorMsg
  echomsg text
  echohl None
  if strdisplaywidth(text) >= v:echospace && exists('*popup_notification')
    let s:error_popup = popup_notification(text, #{highlight: 'ErrorMsg', line: &lines - 2,
          \ col: 1, pos: 'botleft', minwidth: 20, maxwidth: &columns - 4, wrap: v:true,
          \ time: 8000, tabpage: -1})
  endif
endfunction

" The popup of the last long error (0 when none was shown): for tests.
function! taskwire#ui#error_popup() abort
  return get(s:, 'error_popup', 0)
endfunction

" A JSON-RPC error object from the server: its message without the protocol's prefix, which
" the standard codes (-32700, -32600 … -32603) put before it in the session's language
" ("Invalid params: …", "Ungültige Parameter: …").
function! taskwire#ui#server_error(error) abort
  if type(a:error) == v:t_dict
    let code = get(a:error, 'code', 0)
    let message = get(a:error, 'message',
          \ taskwire#text#get('vim.error.code', {'code': code}))
    if type(code) == v:t_number && (code == -32700 || (code >= -32603 && code <= -32600))
      let message = substitute(message, '^[^:]\{-1,40}: ', '', '')
    endif
    call taskwire#ui#error(message)
  else
    call taskwire#ui#error(string(a:error))
  endif
endfunction

function! taskwire#ui#warn(msg) abort
  echohl WarningMsg
  echomsg 'taskwire: ' . a:msg
  echohl None
endfunction

" Something the person must not miss, e.g. the server's "created a new, empty store at PATH"
" (a typo in g:taskwire_db would otherwise look like an empty Today): a warning kept in
" :messages and, as an echo is soon overwritten, a popup for ten seconds.  Each text once.
function! taskwire#ui#notice(msg) abort
  let s:noticed = get(s:, 'noticed', {})
  if has_key(s:noticed, a:msg)
    return
  endif
  let s:noticed[a:msg] = 1
  call taskwire#ui#warn(a:msg)
  if exists('*popup_notification')
    let s:notice_popup = popup_notification('taskwire: ' . a:msg, #{highlight: 'WarningMsg',
          \ line: &lines - 2, col: 1, pos: 'botleft', minwidth: 20, maxwidth: &columns - 4,
          \ wrap: v:true, time: 10000, tabpage: -1})
  endif
endfunction

" The popup of the last notice (0 when none was shown): for tests.
function! taskwire#ui#notice_popup() abort
  return get(s:, 'notice_popup', 0)
endfunction

" A toast: kept in :messages too.
function! taskwire#ui#info(msg) abort
  echomsg 'taskwire: ' . a:msg
endfunction

" Asks for a value that has a usual answer: the prompt names it, the line starts empty (typing
" "fri" sends "fri"), Enter on the empty line takes `fallback`; v:null when cancelled (Esc).
function! taskwire#ui#ask(prompt, fallback) abort
  let answer = taskwire#ui#read(a:prompt)
  if answer is v:null
    return v:null
  endif
  return empty(trim(answer)) ? a:fallback : trim(answer)
endfunction

" A line typed on an empty prompt, v:null when cancelled (Esc, CTRL-C).
function! taskwire#ui#read(prompt) abort
  let Func = get(g:, 'taskwire_input_func', '')
  if !empty(Func)
    let answer = call(Func, [a:prompt, ''])
  else
    call inputsave()
    try
      let answer = inputdialog(a:prompt, '', "\x1b")
    catch /^Vim:Interrupt$/
      let answer = "\x1b"
    finally
      call inputrestore()
    endtry
  endif
  return answer ==# "\x1b" ? v:null : answer
endfunction

" A yes/no question ("Delete 'A'?"); no is the default.  With g:taskwire_input_func, the
" answer is typed: the catalogue's yes or its start (y, yes; j, ja).
function! taskwire#ui#confirm(question) abort
  let Func = get(g:, 'taskwire_input_func', '')
  if !empty(Func)
    let answer = tolower(trim(call(Func, [taskwire#text#get('vim.prompt.confirmTyped',
          \ {'question': a:question}), ''])))
    return !empty(answer) && stridx(tolower(taskwire#text#get('confirm.yes')), answer) == 0
  endif
  call inputsave()
  try
    return confirm(a:question, taskwire#text#get('vim.confirm.buttons'), 2) == 1
  catch /^Vim:Interrupt$/
    return 0
  finally
    call inputrestore()
  endtry
endfunction

" A question with buttons (`buttons` as confirm() takes them: "&Delete\n&Keep\n&Cancel"): the
" number of the one chosen, 0 when none (Esc).  With g:taskwire_input_func, the answer is typed:
" a button's letter or the start of its text.
function! taskwire#ui#choose(question, buttons, default) abort
  let Func = get(g:, 'taskwire_input_func', '')
  if !empty(Func)
    let labels = map(split(a:buttons, "\n"), 'tolower(substitute(v:val, "&", "", "g"))')
    let answer = tolower(trim(call(Func, [taskwire#text#get('vim.prompt.choiceTyped',
          \ {'question': a:question, 'choices': join(labels, '/')}), ''])))
    if empty(answer)
      return a:default
    endif
    for i in range(len(labels))
      if stridx(labels[i], answer) == 0
        return i + 1
      endif
    endfor
    return 0
  endif
  call inputsave()
  try
    return confirm(a:question, a:buttons, a:default)
  catch /^Vim:Interrupt$/
    return 0
  finally
    call inputrestore()
  endtry
endfunction

" Asks for a line of text.  g:taskwire_input_func (the name of a function taking the prompt and
" the default) replaces input(), e.g. for a popup or for tests.  '' means cancelled.
function! taskwire#ui#input(prompt, default) abort
  let Func = get(g:, 'taskwire_input_func', '')
  if !empty(Func)
    return call(Func, [a:prompt, a:default])
  endif
  call inputsave()
  try
    return input(a:prompt, a:default)
  catch /^Vim:Interrupt$/
    return ''
  finally
    call inputrestore()
  endtry
endfunction

" A list shown in a popup until a key is pressed (g?): `title` on its border.
function! taskwire#ui#popup(title, lines) abort
  if !exists('*popup_dialog')
    echo join([a:title] + a:lines, "\n")
    return 0
  endif
  let s:popup = popup_dialog(a:lines, #{title: ' ' . a:title . ' ', padding: [0, 1, 0, 1],
        \ filter: {id, key -> popup_close(id) + 1}, mapping: 0})
  return s:popup
endfunction

" The last popup of taskwire#ui#popup() (0 when none): for tests.
function! taskwire#ui#last_popup() abort
  return get(s:, 'popup', 0)
endfunction
