" autoload/taskwire/keys.vim - the default keys of a taskwire://VIEW buffer.
"
" Each key is mapped to a <Plug>(taskwire-NAME) map (plugin/taskwire.vim defines them), unless
" the user mapped that <Plug> map to a key of their own.

" key -> <Plug>(taskwire-NAME); see :help taskwire-mappings
let s:defaults = [
      \ ['a', 'add'], ['e', 'edit'], ['r', 'edit'], ['E', 'form'], ['x', 'complete'],
      \ ['D', 'delete'], ['J', 'move-down'], ['K', 'move-up'], ['>', 'next-day'],
      \ ['<lt>', 'prev-day'], ['s', 'schedule'], ['i', 'inbox'], ['u', 'undo'],
      \ ['<C-r>', 'redo'], ['/', 'filter'], ['<BS>', 'clear-filter'],
      \ ['gi', 'view-inbox'], ['gt', 'view-today'], ['gu', 'view-upcoming'],
      \ ['gm', 'view-matrix'], ['ga', 'view-all'], ['gl', 'view-logbook'],
      \ ['R', 'refresh'], ['q', 'close'], [']]', 'next-group'], ['[[', 'prev-group'],
      \ ['g?', 'help'], ['<CR>', 'open'], ['S', 'someday'], ['A', 'anytime'], ['X', 'cancel'],
      \ ['cp', 'make-project'], ['gA', 'view-anytime'], ['gS', 'view-someday']]

function! taskwire#keys#defaults() abort
  return deepcopy(s:defaults)
endfunction

" Maps the default keys in the current buffer, except for the <Plug> maps the user has mapped
" (anywhere) and unless g:taskwire_no_mappings is set.
function! taskwire#keys#map_defaults() abort
  if get(g:, 'taskwire_no_mappings', 0) || get(b:, 'taskwire_mapped', 0)
    return
  endif
  let taken = {}
  for [key, name] in s:defaults
    let taken[name] = hasmapto('<Plug>(taskwire-' . name . ')', 'n')
  endfor
  for [key, name] in s:defaults
    if !taken[name]
      execute 'nmap <buffer> <nowait> <silent> ' . key . ' <Plug>(taskwire-' . name . ')'
    endif
  endfor
  let b:taskwire_mapped = 1
endfunction
