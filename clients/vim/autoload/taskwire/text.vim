" autoload/taskwire/text.vim - every word the plugin shows a person, from the server's catalogue.
"
" The plugin carries no word list: catalogue/get answers {locale, strings} for the session's
" locale (fetched once the server is up, and again after :TaskwireLocale), and each message,
" prompt, empty-list line and help line is a key of it, placeholders {name} filled in here.
" Task lines and group headers are the server's display parts (render.vim).

let s:strings = {}
let s:locale = ''
let s:loaded = 0
let s:waiting = []       " Funcrefs to call once the catalogue is in

" The catalogue/get result (or {} when the server has none: the keys are then shown).
function! taskwire#text#set(result) abort
  let s:strings = type(a:result) == v:t_dict ? get(a:result, 'strings', {}) : {}
  let s:locale = type(a:result) == v:t_dict ? get(a:result, 'locale', '') : ''
  let s:loaded = 1
  let waiting = s:waiting
  let s:waiting = []
  for F in waiting
    call F()
  endfor
endfunction

" The server stopped: the next one may speak another language.
function! taskwire#text#reset() abort
  let s:loaded = 0
endfunction

function! taskwire#text#loaded() abort
  return s:loaded
endfunction

function! taskwire#text#locale() abort
  return s:locale
endfunction

" The catalogue's text of `key`, each {name} replaced by vars[name] (a dict).  A key the
" server does not know shows as itself and its values, so that a missing word is seen, not
" guessed.
function! taskwire#text#get(key, ...) abort
  let vars = a:0 ? a:1 : {}
  let text = get(s:strings, a:key, join([a:key] + map(sort(keys(vars)), '"{" . v:val . "}"')))
  for [name, value] in items(vars)
    let text = substitute(text, '\V{' . escape(name, '\') . '}',
          \ escape(type(value) == v:t_string ? value : string(value), '\&~'), 'g')
  endfor
  return text
endfunction

" Whether the catalogue has `key` (a server older than the plugin may lack a new one).
function! taskwire#text#has(key) abort
  return has_key(s:strings, a:key)
endfunction

" Calls Func now when the catalogue is in, else once it is (starting the server if need be):
" for what must be said before the first reply, e.g. an unknown view typed at :Taskwire.
function! taskwire#text#when_loaded(Func) abort
  if s:loaded
    call a:Func()
  else
    call add(s:waiting, a:Func)
    call taskwire#rpc#start()
  endif
endfunction

" Asks the server for the catalogue of the session's locale; On_done() after it is set.
function! taskwire#text#fetch(...) abort
  let OnDone = a:0 ? a:1 : {-> 0}
  call taskwire#rpc#request('catalogue/get', {},
        \ {r -> [taskwire#text#set(r), OnDone()]},
        \ {e -> [taskwire#text#set({}), taskwire#ui#server_error(e), OnDone()]})
endfunction
