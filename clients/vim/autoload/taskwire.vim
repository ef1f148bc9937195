" autoload/taskwire.vim - entry points of the taskwire plugin (see :help taskwire).
"
"   taskwire/rpc.vim      the one server job, requests and notifications
"   taskwire/view.vim     the taskwire://VIEW buffers: subscription, snapshot, filter
"   taskwire/diff.vim     applying view/changed ops to a snapshot
"   taskwire/render.vim   the buffer's lines from the snapshot's display parts, their colours
"   taskwire/text.vim     the catalogue: every word shown, from the server
"   taskwire/actions.vim  the buffer's keys
"   taskwire/moves.vim    J K > <: moves, queued while one is in flight
"   taskwire/filter.vim   :TaskwireFilter and /
"   taskwire/form.vim     E, :TaskwireEdit: every field of a task in a form buffer
"   taskwire/help.vim     g?: the keys in a popup
"   taskwire/ui.vim       messages and prompts

" :Taskwire [inbox|today|upcoming|matrix|all|logbook]: shows the view in its buffer taskwire://VIEW, going to the
" window that already shows it in this tab page, else opening it in the current window (with
" g:taskwire_open_cmd, "edit" by default; "split" when the current buffer cannot be left).
function! taskwire#open(...) abort
  let view = a:0 && !empty(a:1) ? a:1 : get(g:, 'taskwire_default_view', 'today')
  if index(taskwire#view#names(), view) < 0
    call taskwire#view#unknown(view)
    return
  endif
  let name = 'taskwire://' . view
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

function! taskwire#complete(arglead, cmdline, cursorpos) abort
  return filter(taskwire#view#names(), 'stridx(v:val, a:arglead) == 0')
endfunction

" The buffer's view name ('' outside taskwire buffers), for a statusline.
function! taskwire#statusline() abort
  return exists('b:taskwire_view') ? taskwire#text#get('vim.statusline',
        \ {'view': taskwire#text#get('view.' . b:taskwire_view)}) : ''
endfunction

" :TaskwireLocale {locale}: the session's language from now on (the views, the catalogue).
" The server re-sends the views' parts (update and updateGroup ops); the catalogue is fetched
" again and the buffers drawn with it.
function! taskwire#locale(locale) abort
  call taskwire#rpc#request('locale/set', {'locale': a:locale},
        \ {r -> [extend(taskwire#rpc#server(), {'locale': get(r, 'locale', a:locale)}),
        \   taskwire#text#fetch({-> taskwire#view#render_all()})]})
endfunction
