" plugin/taskwire.vim - Vim client of the taskwire task server.  See :help taskwire.
" Only the command, the <Plug> maps and the buffer name hook live here; the rest is autoloaded.

if exists('g:loaded_taskwire') || !has('job') || !has('channel') || !has('patch-8.2.1978')
  finish
endif
let g:loaded_taskwire = 1

" Options (see :help taskwire-options); every one is read when it is used.
"   g:taskwire_command       the server command, a list (default: $TASKWIRE, else `taskwire`
"                            on PATH, else the repository's .build/release/taskwire)
"   g:taskwire_db            the store, passed as --db (default: the server's)
"   g:taskwire_default_view  the view of a bare :Taskwire (default 'today')
"   g:taskwire_open_cmd      how :Taskwire opens a view (default 'edit')
"   g:taskwire_no_mappings   1: no default keys in the view buffers
"   g:taskwire_input_func    a function (prompt, default) replacing input()
"   g:taskwire_reminders     0: do not show reminders (default 1)

" :Taskwire [VIEW] (anytime, someday, ...), :Taskwire projects, :Taskwire project ID|NAME, :Taskwire area ID|NAME
command! -nargs=? -bar -complete=customlist,taskwire#complete Taskwire
      \ call taskwire#open(<q-args>)
" In a view buffer: filter it (no argument: clear), edit or delete the task under the cursor.
command! -nargs=* -complete=customlist,taskwire#filter#complete TaskwireFilter
      \ call taskwire#filter#apply(<q-args>)
command! -nargs=0 -bar TaskwireEdit call taskwire#task#form()
command! -nargs=0 -bar TaskwireDelete call taskwire#task#delete()
" The session's language (de, en): the views and every word follow.
command! -nargs=1 -bar TaskwireLocale call taskwire#locale(<q-args>)
" The reminders showing: a menu of their actions (complete, snooze, dismiss).
command! -nargs=0 -bar TaskwireReminders call taskwire#reminders#pick()

augroup taskwire
  autocmd!
  autocmd BufReadCmd taskwire://* call taskwire#view#read(expand('<amatch>'))
  autocmd BufWriteCmd taskwire-task://* call taskwire#form#write()
  " (the highlight defaults again after a colour scheme cleared them, once render.vim is loaded)
  autocmd ColorScheme * if exists('*taskwire#render#highlights')
        \ | call taskwire#render#highlights() | endif
augroup END

" <Plug>(taskwire-NAME) -> the call after taskwire#: add.vim's a, task.vim's keys on the task
" under the cursor, actions.vim's on the view
let s:plugs = {
      \ 'add': 'add#add()', 'edit': 'task#edit()', 'form': 'task#form()',
      \ 'complete': 'task#complete()', 'delete': 'task#delete()',
      \ 'filter': 'actions#filter()', 'clear-filter': 'actions#clear_filter()',
      \ 'move-down': 'actions#move(1)', 'move-up': 'actions#move(-1)',
      \ 'next-day': 'actions#day(1)', 'prev-day': 'actions#day(-1)',
      \ 'schedule': 'task#schedule()', 'inbox': 'task#to_inbox()',
      \ 'undo': 'actions#undo()', 'redo': 'actions#redo()',
      \ 'view-inbox': 'actions#switch("inbox")', 'view-today': 'actions#switch("today")',
      \ 'view-upcoming': 'actions#switch("upcoming")', 'view-matrix': 'actions#switch("matrix")',
      \ 'view-all': 'actions#switch("all")', 'view-logbook': 'actions#switch("logbook")',
      \ 'refresh': 'actions#refresh()', 'close': 'actions#close()',
      \ 'next-group': 'actions#jump(1)', 'prev-group': 'actions#jump(-1)',
      \ 'help': 'actions#help()', 'open': 'actions#open()',
      \ 'someday': 'task#someday()', 'anytime': 'task#anytime()', 'cancel': 'task#cancel()',
      \ 'make-project': 'task#make_project()', 'view-anytime': 'actions#switch("anytime")',
      \ 'view-someday': 'actions#switch("someday")'}
for [s:name, s:call] in items(s:plugs)
  execute printf('nnoremap <silent> <Plug>(taskwire-%s) <Cmd>call taskwire#%s<CR>',
        \ s:name, s:call)
endfor
unlet s:plugs s:name s:call
nnoremap <silent> <Plug>(taskwire-reminders) <Cmd>call taskwire#reminders#pick()<CR>
