" autoload/taskwire/viewname.vim - the names of the views: which there are, the view and item
" id a buffer name (what follows taskwire://) names, a view's title for a person, the error for
" a name that is none.
"
" `name` is the view for the lists ("today", "projects"), the view and an item's id for a
" project or an area ("project/12", "area/3").

let s:names = ['inbox', 'today', 'upcoming', 'matrix', 'all', 'logbook', 'anytime', 'someday',
      \ 'projects']
let s:items = ['project', 'area']    " views of one item, named with its id

function! taskwire#viewname#names() abort
  return s:names + s:items
endfunction

" [view, id] for a buffer name ("today" -> ['today', 0], "project/12" -> ['project', 12]), or
" [] when it names no view.
function! taskwire#viewname#parse(name) abort
  let m = matchlist(a:name, '^\(\w\+\)\%(/\(\d\+\)\)\=/\=$')
  if empty(m) || (index(s:names, m[1]) < 0 && index(s:items, m[1]) < 0)
        \ || (index(s:items, m[1]) >= 0) != !empty(m[2])
    return []
  endif
  return [m[1], str2nr(m[2])]
endfunction

" The view's name for a person: the catalogue's, or for a project or an area its title once
" loaded (the title of its own tasks' group, tasks:ID: an area's first group is its projects,
" titled "Projects").
function! taskwire#viewname#title(state) abort
  if index(s:items, a:state.view) >= 0
    for group in get(a:state.snapshot, 'groups', [])
      if group.key ==# 'tasks:' . a:state.id
        return group.title
      endif
    endfor
  endif
  return taskwire#text#get((index(s:items + ['projects'], a:state.view) >= 0 ? 'vim.view.'
        \ : 'view.') . a:state.view)
endfunction

" The error for a view name that is none (in the catalogue's words, once it is in).
function! taskwire#viewname#unknown(name) abort
  call taskwire#text#when_loaded({-> taskwire#ui#error(taskwire#text#get('vim.error.unknownView',
        \ {'view': string(a:name), 'views': join(s:names + s:items, ', ')}))})
endfunction
