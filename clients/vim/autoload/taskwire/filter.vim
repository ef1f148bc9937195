" autoload/taskwire/filter.vim - :TaskwireFilter and the / key: a view shows only the tasks
" that match, through view/subscribe's `filter` and `sort` (the server filters, and pushes a
" task entering or leaving the filter as an insert or a remove).
"
" The query is words, each one a condition (all must hold), written as quick add writes them:
"   #work  tag:work     with the tag (several: any of them)     @errand  type:errand  the type
"   !  !!  !!!  p:1-3   the priority (several: any of them)     *  urgent  urgent:no
"   due:fri             due on or before (a phrase, read now)   after:mon  due on or after
"   repeat:yes|no       repeating or not                        sort:priority|duration|dueDate|title|manual
"   any other word      in the title or notes (the words together, ignoring case)
" An empty query clears the filter.

let s:types = {'deep': 'deepWork', 'deepwork': 'deepWork', 'shallow': 'shallowWork',
      \ 'shallowwork': 'shallowWork', 'errand': 'errand', 'meeting': 'meeting',
      \ 'learning': 'learning', 'maintenance': 'maintenance'}
let s:sorts = ['manual', 'priority', 'duration', 'dueDate', 'title']
let s:yes = {'yes': v:true, 'y': v:true, 'true': v:true, '1': v:true,
      \ 'no': v:false, 'n': v:false, 'false': v:false, '0': v:false}

" The query as [filter, sort]; throws "taskwire-filter: …" on a word it cannot read.
function! taskwire#filter#parse(query) abort
  let conds = {}
  let sort = ''
  let text = []
  for word in split(a:query)
    let [key, value] = word =~# '^\a\+:.' ? [tolower(matchstr(word, '^\a\+')),
          \ matchstr(word, ':\zs.*')] : ['', word]
    if word =~# '^#.' || key ==# 'tag'
      call s:add(conds, 'tagsAny', key ==# 'tag' ? value : word[1:])
    elseif word =~# '^@.' || key ==# 'type'
      let name = tolower(key ==# 'type' ? value : word[1:])
      if !has_key(s:types, name)
        throw 'taskwire-filter: ' . taskwire#text#get('vim.filter.noType', {'name': name,
              \ 'types': 'deep, shallow, errand, meeting, learning, maintenance'})
      endif
      call s:add(conds, 'types', s:types[name])
    elseif word =~# '^!\{1,3}$'
      call s:add(conds, 'priorities', len(word))
    elseif key =~# '^p\%[riority]$' && value =~# '^[123]$'
      call s:add(conds, 'priorities', str2nr(value))
    elseif word ==# '*' || word ==? 'urgent'
      let conds.urgent = v:true
    elseif key ==# 'urgent' || key ==# 'repeat'
      if !has_key(s:yes, tolower(value))
        throw 'taskwire-filter: ' . taskwire#text#get('vim.filter.yesOrNo', {'key': key})
      endif
      let conds[key ==# 'urgent' ? 'urgent' : 'hasRecurrence'] = s:yes[tolower(value)]
    elseif key ==# 'due' || key ==# 'after'
      let conds[key ==# 'due' ? 'dueBefore' : 'dueAfter'] = value
    elseif key ==# 'sort'
      let sort = get(filter(copy(s:sorts), 'v:val ==? value'), 0, '')
      if empty(sort)
        throw 'taskwire-filter: ' . taskwire#text#get('vim.filter.sortIsOneOf',
              \ {'sorts': join(s:sorts, ', ')})
      endif
    else
      call add(text, word)
    endif
  endfor
  if !empty(text)
    let conds.text = join(text)
  endif
  return [conds, sort]
endfunction

function! s:add(conds, key, value) abort
  let a:conds[a:key] = add(get(a:conds, a:key, []), a:value)
endfunction

" Filters the current view buffer with `query` ('' clears it).
function! taskwire#filter#apply(query) abort
  let here = taskwire#actions#here()
  if empty(here)
    return
  endif
  let query = trim(a:query)
  try
    let [filter, sort] = taskwire#filter#parse(query)
  catch /^taskwire-filter: /
    call taskwire#ui#error(substitute(v:exception, '^taskwire-filter: ', '', ''))
    return
  endtry
  if query ==# here.state.query
    return
  endif
  call taskwire#view#set_filter(here.state, filter, sort, query)
endfunction

" /: asks for the query (the prompt names the one in use); Enter on an empty line clears it.
function! taskwire#filter#ask() abort
  let here = taskwire#actions#here()
  if empty(here)
    return
  endif
  let now = here.state.query
  let query = taskwire#ui#read(empty(now) ? taskwire#text#get('vim.prompt.filter')
        \ : taskwire#text#get('vim.prompt.filterNow', {'query': now}))
  if query isnot v:null
    call taskwire#filter#apply(query)
  endif
endfunction

" Completion of :TaskwireFilter: the open tasks' tags, then the keywords.
function! taskwire#filter#complete(arglead, cmdline, cursorpos) abort
  let words = ['sort:' . join(s:sorts, ' sort:'), 'urgent', 'repeat:yes', 'repeat:no', 'due:',
        \ 'after:']
  let words = split(words[0]) + words[1:]
  if taskwire#rpc#ready()
    let reply = taskwire#rpc#request_sync('tags/list', {})
    let words = map(copy(get(get(reply, 'result', {}), 'tags', [])), '"#" . v:val.tag') + words
  endif
  return filter(words, 'stridx(v:val, a:arglead) == 0')
endfunction
