" test/test_evening.vim - Today's This Evening: a second group of Today while it holds tasks,
" filled by quick add (tonight), by J past Today's own list and by other clients; K and J
" take a task back out, and the group goes with its last task.

let s:today = 'Today · Thu, Feb 12'
let s:evening = 'This Evening · Thu, Feb 12'

function! Test_evening_quick_add_shows_under_its_header() abort
  call TwOpen('today')
  let g:tw_answers = ['Buy milk', 'Cook dinner tonight']
  call TwKeys('a')
  call TwWaitLines([s:today . ' · 15m', '[ ] Buy milk'])
  call TwKeys('a')
  call TwWaitLines([s:today . ' · 15m', '[ ] Buy milk', '', s:evening . ' · 15m', '[ ] Cook dinner'])
  call assert_equal(v:true, TwTask(2).task.evening)
  call assert_equal([['today', ['Buy milk']], ['evening', ['Cook dinner']]], TwServerView('today'))
  " the header is a group header: ]] goes to it
  call TwCursor('[ ] Buy milk')
  call TwKeys(']]')
  call assert_equal(s:evening . ' · 15m', getline('.'))
endfunction

" J past Today's own list sends the task into the evening with "evening": true, K out of it
" without; another process's moves between the two groups show up live.
function! Test_evening_moves_in_and_out_live() abort
  call TwSeed([['A', 'today'], ['B', 'today']])
  call TwOpen('today')
  call TwCursor('[ ] B')
  call TwKeys('J')
  call TwWaitLines([s:today . ' · 15m', '[ ] A', '', s:evening . ' · 15m', '[ ] B'])
  call TwWaitMessage("taskwire: Moved 'B' to This Evening")
  call assert_equal('[ ] B', getline('.'), 'the cursor follows the task')
  call assert_equal(v:true, TwTask(2).task.evening)
  " another process drags A into the evening, above B: Today's own list is left empty
  call TwOutside([['task/move', {'id': 1, 'view': 'today', 'evening': v:true, 'index': 0}]])
  call TwWaitLines([s:today, '  (no tasks)', '', s:evening . ' · 30m', '[ ] A', '[ ] B'])
  call assert_equal('[ ] B', getline('.'), 'the cursor stays on its task')
  " K from the evening's top: the end of Today's own list, no longer in the evening
  call TwCursor('[ ] A')
  call TwKeys('K')
  call TwWaitLines([s:today . ' · 15m', '[ ] A', '', s:evening . ' · 15m', '[ ] B'])
  call assert_false(get(TwTask(1).task, 'evening', v:false))
  " the last one leaves: the group goes
  call TwOutside([['task/move', {'id': 2, 'view': 'today', 'index': 0}]])
  call TwWaitLines([s:today . ' · 30m', '[ ] B', '[ ] A'])
  call assert_equal([['today', ['B', 'A']]], TwServerView('today'))
  call assert_equal(map(copy(TwRequest('view/list', {'view': 'today'}).groups), 'v:val.key'),
        \ map(copy(taskwire#view#state('today').snapshot.groups), 'v:val.key'))
  " undo brings the evening back
  call TwKeys('u')
  call TwWaitLines([s:today . ' · 15m', '[ ] A', '', s:evening . ' · 15m', '[ ] B'])
endfunction

function! Test_evening_german_header() abort
  let g:taskwire_locale = 'de'
  try
    call TwSeed([['Brot holen', 'today']])
    call TwOpen('today')
    let g:tw_answers = ['Essen kochen heute Abend']
    call TwKeys('a')
    call TwWaitFor({-> getline(4) =~# '^Heute Abend · Do, 12\. Feb\. · 15 Min\.$'
          \ && getline(5) ==# '[ ] Essen kochen'}, 'the evening in German')
    call assert_match('^Heute · ', getline(1))
    call TwCursor('[ ] Brot holen')
    call TwKeys('J')
    call TwWaitFor({-> getline(4) =~# '^Heute Abend · ' && getline(5) ==# '[ ] Brot holen'},
          \ 'a move into the evening')
    call assert_notmatch('Evening', execute('messages'))
  finally
    unlet! g:taskwire_locale
  endtry
endfunction
