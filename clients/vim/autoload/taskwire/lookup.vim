" autoload/taskwire/lookup.vim - a project or an area looked up by its title (:Taskwire project
" NAME, :Taskwire area NAME, their completion), in the projects view's areas and projects.

" The areas and projects of the projects view (a view/list result) as [{kind, id, title}, …]:
" each area (its group's key is projects:ID; projects:0 holds those in no area), each project.
function! taskwire#lookup#items(snapshot) abort
  let items = []
  for group in get(a:snapshot, 'groups', [])
    let area = str2nr(matchstr(group.key, '^projects:\zs\d\+$'))
    if area
      call add(items, {'kind': 'area', 'id': area, 'title': group.title})
    endif
    for task in group.tasks
      call add(items, {'kind': get(task, 'kind', 'project'), 'id': task.id, 'title': task.title})
    endfor
  endfor
  return items
endfunction

" The id of the `kind` (project, area) named `name` in `items`: the title as typed, else in
" any case, else the one title that starts with it; 0 when none or several.
function! taskwire#lookup#find(items, kind, name) abort
  let items = filter(copy(a:items), 'v:val.kind ==# a:kind')
  for Test in [{t -> t ==# a:name}, {t -> t ==? a:name},
        \ {t -> stridx(tolower(t), tolower(a:name)) == 0}]
    let found = filter(copy(items), 'Test(v:val.title)')
    if len(found) == 1
      return found[0].id
    elseif len(found) > 1
      return 0
    endif
  endfor
  return 0
endfunction

" Looks `name` up among the projects or areas (`kind`) and calls Found(id), or says there is
" none.  The projects view is listed for it: the plugin does not block.
function! taskwire#lookup#resolve(kind, name, Found) abort
  call taskwire#rpc#request('view/list', {'view': 'projects'},
        \ {r -> s:resolved(taskwire#lookup#items(r), a:kind, a:name, a:Found)})
endfunction

function! s:resolved(items, kind, name, Found) abort
  let id = taskwire#lookup#find(a:items, a:kind, a:name)
  if id
    call a:Found(id)
    return
  endif
  let titles = map(filter(copy(a:items), 'v:val.kind ==# a:kind'), 'v:val.title')
  call taskwire#ui#error(taskwire#text#get('vim.error.noSuch' . (a:kind ==# 'area' ? 'Area'
        \ : 'Project'), {'name': a:name, 'names': join(titles, ', ')}))
endfunction
