" autoload/taskwire/help.vim - g?: the keys of a view buffer and what they do, in the
" catalogue's words (:help taskwire, in English, says the rest).

" mapping -> what g? says it does (catalogue keys)
let s:help = {'add': 'action.add', 'edit': 'action.rename', 'form': 'action.edit',
      \ 'complete': 'vim.help.completeOrReopen', 'delete': 'action.delete',
      \ 'move-down': 'vim.help.moveDown', 'move-up': 'vim.help.moveUp',
      \ 'next-day': 'vim.help.nextDay', 'prev-day': 'vim.help.prevDay',
      \ 'schedule': 'action.schedule', 'inbox': 'vim.help.toInbox', 'undo': 'action.undo',
      \ 'redo': 'action.redo', 'filter': 'action.filter', 'clear-filter': 'action.clearFilter',
      \ 'view-inbox': 'view.inbox', 'view-today': 'view.today', 'view-upcoming': 'view.upcoming',
      \ 'view-matrix': 'view.matrix', 'view-all': 'view.all', 'view-logbook': 'view.logbook',
      \ 'refresh': 'action.refresh', 'close': 'action.close', 'next-group': 'vim.help.nextGroup',
      \ 'prev-group': 'vim.help.prevGroup', 'help': 'action.help', 'open': 'vim.help.open',
      \ 'someday': 'action.someday', 'anytime': 'action.anytime', 'cancel': 'action.cancelTask',
      \ 'make-project': 'action.makeProject', 'view-anytime': 'view.anytime',
      \ 'view-someday': 'view.someday'}

" g?: the keys of this buffer and what they do, in a popup (:help taskwire for the rest).
function! taskwire#help#show() abort
  let lines = []
  for [key, name] in taskwire#keys#defaults()
    let lhs = key ==# '<lt>' ? '<' : key
    call add(lines, printf('%-6s %s', lhs, taskwire#text#get(s:help[name])))
  endfor
  call taskwire#ui#popup(taskwire#text#get('vim.help.title'), lines)
endfunction
