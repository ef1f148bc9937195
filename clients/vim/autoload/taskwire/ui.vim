" autoload/taskwire/ui.vim - messages and prompts.

" An error: shown highlighted and kept in :messages, e.g. "taskwire: Task 42 not found".
function! taskwire#ui#error(msg) abort
  echohl ErrorMsg
  echomsg 'taskwire: ' . a:msg
  echohl None
endfunction

" A JSON-RPC error object from the server.
function! taskwire#ui#server_error(error) abort
  if type(a:error) == v:t_dict
    call taskwire#ui#error(get(a:error, 'message', 'error ' . get(a:error, 'code', '?')))
  else
    call taskwire#ui#error(string(a:error))
  endif
endfunction

function! taskwire#ui#warn(msg) abort
  echohl WarningMsg
  echomsg 'taskwire: ' . a:msg
  echohl None
endfunction

" A toast: kept in :messages too.
function! taskwire#ui#info(msg) abort
  echomsg 'taskwire: ' . a:msg
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
