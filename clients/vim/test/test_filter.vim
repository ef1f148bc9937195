" test/test_filter.vim - :TaskwireFilter, / and <BS>: a view filtered and sorted by the server.

let s:today = 'Today · Thu, Feb 12'

function! Test_filter_command_by_tag_and_clear() abort
  call TwSeed([['Report', 'today', {'tags': ['work']}], ['Milk', 'today', {'tags': ['shop']}],
        \ ['Slides', 'today', {'tags': ['Work'], 'priority': 3}]])
  call TwOpen('today')
  TaskwireFilter tag:work
  call TwWaitLines(['Filter: tag:work', s:today . ' · 30m', '[ ] Report  #work',
        \ '[ ] Slides  !!!  #Work'])
  call assert_equal({'tagsAny': ['work']}, taskwire#view#state('today').filter)
  " the filtered buffer stays live: a task entering the filter appears, one leaving goes
  call TwOutside([['task/create', {'title': 'Mail', 'view': 'today', 'tags': ['work']}],
        \ ['task/update', {'id': 1, 'tags': []}]])
  call TwWaitLines(['Filter: tag:work', s:today . ' · 30m', '[ ] Slides  !!!  #Work',
        \ '[ ] Mail  #work'])
  " the keys work on the filtered lines
  call TwCursor('[ ] Mail  #work')
  call TwKeys('x')
  call TwWaitLines(['Filter: tag:work', s:today . ' · 15m', '[ ] Slides  !!!  #Work'])
  " no argument: the whole view again
  TaskwireFilter
  call TwWaitLines([s:today . ' · 45m', '[ ] Report', '[ ] Milk  #shop', '[ ] Slides  !!!  #Work'])
  call assert_equal({}, taskwire#view#state('today').filter)
endfunction

function! Test_filter_words_and_sort() abort
  call assert_equal([{'tagsAny': ['a', 'b'], 'types': ['deepWork', 'errand'],
        \ 'priorities': [2, 3], 'urgent': v:true, 'dueBefore': 'fri', 'dueAfter': 'mon',
        \ 'hasRecurrence': v:false, 'text': 'buy milk'}, 'priority'],
        \ taskwire#filter#parse('#a tag:b @deep type:errand !! p:3 * due:fri after:mon '
        \ . 'repeat:no buy milk sort:priority'))
  call assert_equal([{'urgent': v:false}, ''], taskwire#filter#parse('urgent:no'))
  call assert_equal([{}, ''], taskwire#filter#parse('  '))
  call TwSeed([['Slow', 'today', {'durationMinutes': 60}], ['Quick', 'today',
        \ {'durationMinutes': 5}], ['Call', 'today', {'type': 'errand', 'durationMinutes': 5}]])
  call TwOpen('today')
  TaskwireFilter sort:duration
  call TwWaitLines(['Filter: sort:duration', s:today . ' · 1h10m', '[ ] Quick  5m',
        \ '[ ] Call  @errand  5m', '[ ] Slow  1h'])
  " a filtered or sorted view is not the manual order: no moves
  call TwCursor('[ ] Quick  5m')
  call TwKeys('J')
  call TwWaitMessage('moves need the whole list in manual order')
  call assert_equal([['today', ['Slow', 'Quick', 'Call']]], TwServerView('today'))
  TaskwireFilter @errand
  call TwWaitLines(['Filter: @errand', s:today . ' · 5m', '[ ] Call  @errand  5m'])
  TaskwireFilter @nope
  call TwWaitMessage("taskwire: no type 'nope'")
  call assert_equal('@errand', taskwire#view#state('today').query, 'a bad query changes nothing')
  TaskwireFilter nothing matches this
  call TwWaitLines(['Filter: nothing matches this', s:today, '  (no tasks)'])
endfunction

" / asks (the prompt names the filter in use), Enter on an empty line clears, Esc cancels;
" <BS> clears too.
function! Test_filter_key_prompt_and_backspace() abort
  call TwSeed([['Milk', 'inbox', {'tags': ['shop']}], ['Idea', 'inbox']])
  call TwOpen('inbox')
  let g:tw_answers = ['#shop']
  call TwKeys('/')
  call TwWaitLines(['Filter: #shop', 'Inbox · 15m', '[ ] Milk  #shop'])
  let g:tw_answers = ["\x1b"]
  call TwKeys('/')
  call assert_equal('Filter (now: #shop; Enter clears): ', g:tw_prompts[-1][0])
  sleep 200m
  call assert_equal(['Filter: #shop', 'Inbox · 15m', '[ ] Milk  #shop'], getline(1, '$'))
  let g:tw_answers = ['']
  call TwKeys('/')
  call TwWaitLines(['Inbox · 30m', '[ ] Milk  #shop', '[ ] Idea'])
  let g:tw_answers = ['idea']
  call TwKeys('/')
  call TwWaitLines(['Filter: idea', 'Inbox · 15m', '[ ] Idea'])
  execute "normal \<BS>"
  call TwWaitLines(['Inbox · 30m', '[ ] Milk  #shop', '[ ] Idea'])
  " completion offers the tags of open tasks
  call assert_equal(['#shop'], getcompletion('TaskwireFilter #s', 'cmdline'))
endfunction

" A move from an unfiltered view into a filtered one: the drop carries no filtered version
" (a filtered subscription counts its own), so it is not refused; the filtered view follows.
function! Test_move_into_a_filtered_view() abort
  call TwSeed([['Mail', 'today', {'tags': ['work']}], ['Gym', 'upcoming']])
  call TwOpen('upcoming')
  TaskwireFilter #work
  call TwWaitLines(['Filter: #work', '  (nothing upcoming)'])
  " Upcoming changes outside the filter: its version moves on, the filtered one does not
  call TwOutside([['task/update', {'id': 2, 'title': 'Gym!'}], ['task/update', {'id': 2, 'title': 'Swim'}]])
  sleep 300m
  split
  call TwOpen('today')
  call TwCursor('[ ] Mail  #work')
  call TwKeys('>')
  call TwWaitLines([s:today, '  (no tasks)'])
  call assert_notmatch('changed since', execute('messages'))
  wincmd w
  call TwWaitLines(['Filter: #work', 'Tomorrow · Fri, Feb 13 · 15m', '[ ] Mail  #work'])
endfunction
