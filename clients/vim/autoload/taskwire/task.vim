" autoload/taskwire/task.vim - what the keys do to the task under the cursor: edit its title or
" every field, complete or reopen, cancel, delete, schedule or send to the Inbox, put on Someday
" or move to Anytime, make a project of it.
"
" Each sends one request and lets the view follow (taskwire#actions#changed()).

function! taskwire#task#edit() abort
  let here = taskwire#actions#task_here()
  if empty(here)
    return
  endif
  let title = taskwire#ui#input(taskwire#text#get('vim.prompt.title'), here.task.title)
  if empty(trim(title)) || title ==# here.task.title
    return
  endif
  call taskwire#rpc#request('task/update', {'id': here.task.id, 'title': title},
        \ {r -> taskwire#actions#changed(here.state, r.task.id)})
endfunction

" Every field of the task in a form buffer (autoload/taskwire/form.vim).
function! taskwire#task#form() abort
  let here = taskwire#actions#task_here()
  if !empty(here)
    call taskwire#form#open(here.task)
  endif
endfunction

" x: completes an open task; in the logbook, reopens a completed one.
function! taskwire#task#complete() abort
  let here = taskwire#actions#task_here()
  if empty(here)
    return
  endif
  let done = get(here.task, 'completed', v:false) is v:true
  call taskwire#rpc#request('task/complete',
        \ {'id': here.task.id, 'completed': done ? v:false : v:true},
        \ {r -> taskwire#actions#changed(here.state, 0, taskwire#text#get(
        \   done ? 'message.reopened' : 'message.completed', {'title': r.task.title}))})
endfunction

" S / A: puts the task (or project) on Someday, moves it to Anytime (task/move, no index: it
" keeps its place among its project's items).  The server's message says where it went ("Put
" 'A' on Someday"); a task in no project or area is refused Anytime (its place is the Inbox),
" with the server's words.
function! taskwire#task#someday() abort
  call s:drag('someday')
endfunction

function! taskwire#task#anytime() abort
  call s:drag('anytime')
endfunction

function! s:drag(view) abort
  let here = taskwire#actions#task_here()
  if empty(here)
    return
  endif
  call taskwire#rpc#request('task/move', {'id': here.task.id, 'view': a:view},
        \ {r -> taskwire#actions#changed(here.state, r.task.id, get(r, 'message', ''))})
endfunction

" X: cancels the task (completes it as given up: the logbook says "cancelled"); a project's
" (or heading's) open tasks are cancelled with it.  u brings it back.
function! taskwire#task#cancel() abort
  let here = taskwire#actions#task_here()
  if empty(here)
    return
  endif
  call taskwire#rpc#request('task/complete', {'id': here.task.id, 'cancelled': v:true},
        \ {r -> taskwire#actions#changed(here.state, 0,
        \   taskwire#text#get('message.cancelled', {'title': r.task.title}))})
endfunction

" cp: makes the task a project (task/convert): same title, notes, tags and date, in its area;
" its checklist's lines become the project's tasks.  <CR> on it (in the projects list) opens it.
function! taskwire#task#make_project() abort
  let here = taskwire#actions#task_here()
  if empty(here)
    return
  endif
  call taskwire#rpc#request('task/convert', {'id': here.task.id, 'to': 'project'},
        \ {r -> taskwire#actions#changed(here.state, r.task.id,
        \   taskwire#text#get('message.madeProject', {'title': r.task.title}))})
endfunction

" D: deletes the task after a yes (u undoes it).
function! taskwire#task#delete() abort
  let here = taskwire#actions#task_here()
  if empty(here)
    return
  endif
  let params = {'id': here.task.id}
  if index(['project', 'heading', 'area'], get(here.task, 'kind', 'task')) >= 0
    " its open items go with it or move up: no default that could lose tasks
    let buttons = taskwire#text#get('vim.confirm.itemButtons')
    if len(split(buttons, "\n")) != 3    " (a catalogue without the key: children's values)
      let buttons = "&delete\n&keep\n&" . taskwire#text#get('action.cancel')
    endif
    let choice = taskwire#ui#choose(taskwire#text#get('vim.confirm.deleteItem',
          \ {'title': here.task.title}), buttons, 3)
    if choice == 0 || choice == 3
      return
    endif
    let params.children = choice == 1 ? 'delete' : 'keep'
  elseif !taskwire#ui#confirm(taskwire#text#get('confirm.delete', {'title': here.task.title}))
    return
  endif
  call taskwire#rpc#request('task/delete', params,
        \ {r -> taskwire#actions#changed(here.state, 0,
        \   taskwire#text#get('vim.message.deletedUndoWithU', {'title': here.task.title}))})
endfunction

function! taskwire#task#schedule() abort
  let here = taskwire#actions#task_here()
  if empty(here)
    return
  endif
  let fallback = taskwire#text#get('vim.prompt.scheduleFallback')
  let date = taskwire#ui#ask(taskwire#text#get('vim.prompt.schedule', {'fallback': fallback}),
        \ fallback)
  if date isnot v:null
    call s:schedule(here, date)
  endif
endfunction

function! taskwire#task#to_inbox() abort
  let here = taskwire#actions#task_here()
  if !empty(here)
    call s:schedule(here, v:null)
  endif
endfunction

" s, i: the reply's message says where the task went ("Scheduled 'A' for Fri, Feb 13", "Sent
" 'A' to Inbox"), in the session's language.
function! s:schedule(here, date) abort
  call taskwire#rpc#request('task/schedule', {'id': a:here.task.id, 'date': a:date},
        \ {r -> taskwire#actions#changed(a:here.state, r.task.id, get(r, 'message', ''))})
endfunction
