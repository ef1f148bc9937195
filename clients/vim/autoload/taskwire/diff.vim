" autoload/taskwire/diff.vim - applies a view/changed op list to a view snapshot, in place.
"
" Ops are applied in order; each index counts the list as it is when the op is applied.  An op
" that does not fit the snapshot (unknown group, index out of range, another task's id) throws
" "taskwire: …" so that the caller lists the view again instead of showing a wrong list.  The
" display parts travel as fields: an update's `fields.display`, an updateGroup's `display`.

function! taskwire#diff#apply(snapshot, ops) abort
  let groups = a:snapshot.groups
  for op in a:ops
    let kind = get(op, 'op', '')
    if kind ==# 'insert'
      let tasks = s:tasks(groups, op.group)
      call s:check(op.index >= 0 && op.index <= len(tasks), op)
      call insert(tasks, op.task, op.index)
    elseif kind ==# 'remove'
      let tasks = s:tasks(groups, op.group)
      call s:check_task(tasks, op.index, op.id, op)
      call remove(tasks, op.index)
    elseif kind ==# 'move'
      let from = s:tasks(groups, op.from.group)
      call s:check_task(from, op.from.index, op.id, op)
      let task = remove(from, op.from.index)
      let to = s:tasks(groups, op.to.group)
      call s:check(op.to.index >= 0 && op.to.index <= len(to), op)
      call insert(to, task, op.to.index)
    elseif kind ==# 'update'
      let tasks = s:tasks(groups, op.group)
      call s:check_task(tasks, op.index, op.id, op)
      call extend(tasks[op.index], op.fields)
    elseif kind ==# 'insertGroup'
      call s:check(op.index >= 0 && op.index <= len(groups), op)
      let group = extend(copy(op.group), {'tasks': []})
      call insert(groups, group, op.index)
    elseif kind ==# 'removeGroup'
      call s:check(op.index >= 0 && op.index < len(groups)
            \ && groups[op.index].key ==# op.key && empty(groups[op.index].tasks), op)
      call remove(groups, op.index)
    elseif kind ==# 'updateGroup'
      call s:check(op.index >= 0 && op.index < len(groups), op)
      let group = groups[op.index]
      call s:check(get(op, 'key', group.key) ==# group.key, op)
      for field in ['title', 'date', 'display']
        if has_key(op, field)
          let group[field] = op[field]
        endif
      endfor
    else
      throw 'taskwire: unknown op ' . string(op)
    endif
  endfor
  return a:snapshot
endfunction

function! s:tasks(groups, key) abort
  for group in a:groups
    if group.key ==# a:key
      return group.tasks
    endif
  endfor
  throw 'taskwire: no group ' . string(a:key)
endfunction

function! s:check(ok, op) abort
  if !a:ok
    throw 'taskwire: op does not fit the snapshot: ' . string(a:op)
  endif
endfunction

function! s:check_task(tasks, index, id, op) abort
  call s:check(a:index >= 0 && a:index < len(a:tasks) && a:tasks[a:index].id == a:id, a:op)
endfunction
