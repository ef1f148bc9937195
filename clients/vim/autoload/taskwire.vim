" autoload/taskwire.vim - entry points of the taskwire plugin (see :help taskwire).
"
"   taskwire/rpc.vim      the one server job, requests and notifications
"   taskwire/view.vim     the taskwire://VIEW buffers: subscription, snapshot, filter;
"                         names of projects and areas
"   taskwire/diff.vim     applying view/changed ops to a snapshot
"   taskwire/render.vim   the buffer's lines from the snapshot's display parts, their colours
"   taskwire/text.vim     the catalogue: every word shown, from the server
"   taskwire/actions.vim  the buffer's keys
"   taskwire/moves.vim    J K > <: moves, queued while one is in flight
"   taskwire/filter.vim   :TaskwireFilter and /
"   taskwire/form.vim     E, :TaskwireEdit: every field of a task in a form buffer
"   taskwire/help.vim     g?: the keys in a popup
"   taskwire/ui.vim       messages and prompts
"   taskwire/reminders.vim  the reminders the server sends: popups, :TaskwireReminders

" :Taskwire [inbox|today|upcoming|matrix|all|logbook|projects], :Taskwire project ID|NAME,
" :Taskwire area ID|NAME: shows the view in its buffer taskwire://VIEW (taskwire://project/ID),
" going to the window that already shows it in this tab page, else opening it in the current
" window (with g:taskwire_open_cmd, "edit" by default; "split" when the current buffer cannot
" be left).  A NAME is looked up in the projects view first (the buffer opens on the reply).
function! taskwire#open(...) abort
  let args = a:0 ? trim(a:1) : ''
  let [view, arg] = matchlist(args, '^\(\S*\)\s*\(.\{-}\)$')[1:2]
  if empty(view)
    let view = get(g:, 'taskwire_default_view', 'today')
  endif
  if index(['project', 'area'], view) >= 0
    if empty(arg)
      call taskwire#text#when_loaded({-> taskwire#ui#error(taskwire#text#get(
            \ 'vim.error.needsName', {'view': view}))})
    elseif arg =~# '^\d\+$'
      call s:show(view . '/' . str2nr(arg))
    else
      call taskwire#lookup#resolve(view, arg, {id -> s:show(view . '/' . id)})
    endif
    return
  endif
  if !empty(arg) || empty(taskwire#viewname#parse(view))
    call taskwire#viewname#unknown(args)
    return
  endif
  call s:show(view)
endfunction

function! s:show(name) abort
  let name = 'taskwire://' . a:name
  let nr = bufnr('^' . name . '$')
  if nr > 0
    for winid in win_findbuf(nr)
      if win_id2tabwin(winid)[0] == tabpagenr()
        call win_gotoid(winid)
        return
      endif
    endfor
  endif
  let cmd = get(g:, 'taskwire_open_cmd', 'edit')
  if cmd ==# 'edit' && &modified && !&hidden && &bufhidden !=# 'wipe'
    let cmd = 'split'
  endif
  execute cmd fnameescape(name)
endfunction

" The views; after "project " or "area ", the names of the projects or areas (asked of the
" server: completion has to wait for its answer).
function! taskwire#complete(arglead, cmdline, cursorpos) abort
  let rest = matchstr(a:cmdline[: a:cursorpos - 1], '^\s*\S\+\s\+\zs.*')
  let m = matchlist(rest, '^\(project\|area\)\s\+\(.*\)$')
  if empty(m)
    return filter(taskwire#viewname#names(), 'stridx(v:val, a:arglead) == 0')
  endif
  let [kind, typed] = m[1:2]
  let reply = taskwire#rpc#request_sync('view/list', {'view': 'projects'}, 2000)
  let titles = map(filter(taskwire#lookup#items(get(reply, 'result', {})),
        \ 'v:val.kind ==# kind'), 'v:val.title')
  " (the candidates replace the last word typed, the part of the name after a space)
  return map(filter(titles, 'stridx(tolower(v:val), tolower(typed)) == 0'),
        \ 'strpart(v:val, len(typed) - len(a:arglead))')
endfunction

" The buffer's view name ('' outside taskwire buffers), for a statusline.
function! taskwire#statusline() abort
  let state = taskwire#view#state(get(b:, 'taskwire_name', ''))
  return empty(state) ? '' : taskwire#text#get('vim.statusline',
        \ {'view': taskwire#viewname#title(state)})
endfunction

" :TaskwireLocale {locale}: the session's language from now on (the views, the catalogue).
" The server re-sends the views' parts (update and updateGroup ops); the catalogue is fetched
" again and the buffers drawn with it.
function! taskwire#locale(locale) abort
  call taskwire#rpc#request('locale/set', {'locale': a:locale},
        \ {r -> [extend(taskwire#rpc#server(), {'locale': get(r, 'locale', a:locale)}),
        \   taskwire#text#fetch({-> taskwire#view#render_all()})]})
endfunction
