" test/test_german.vim - a German session (g:taskwire_locale = 'de') on the fixture's store:
" every view, and the keys that speak (add, complete, undo, redo, schedule, delete, moves,
" filter, form, help), then everything the plugin showed - buffers, messages, prompts, the
" help popup, the statusline - searched for English words.  The fixture's titles hold none.

let s:english = ['Inbox', 'Today', 'Upcoming', 'Search', 'Add', 'due', 'daily', 'weekly',
      \ 'Undid', 'empty', 'Logbook', 'Tomorrow', 'overdue']

function! s:Collect(shown) abort
  call extend(a:shown, getline(1, '$') + [taskwire#statusline()])
endfunction

" Presses `keys` on line `lnum` with `answers` for the prompts, then waits for `message`.
function! s:Press(lnum, keys, answers, message) abort
  call cursor(a:lnum, 1)
  let g:tw_answers = a:answers
  call TwKeys(a:keys)
  call TwWaitMessage(a:message)
endfunction

function! Test_german_session_shows_no_english_words() abort
  call TwFixture()
  let g:taskwire_locale = 'de'
  let shown = []
  try
    call TwOpen('today')
    call s:Collect(shown)
    call s:Press(2, 'a', ['Kuchen backen morgen'], "'Kuchen backen' zu Demnächst hinzugefügt")
    call s:Press(2, 'x', [], "'Send the tax form' erledigt")
    call s:Press(2, 'u', [], 'Rückgängig: ')
    call s:Press(2, "\<C-r>", [], 'Wiederhergestellt: ')
    call s:Collect(shown)
    call s:Press(2, 's', [''], 'für Do, 26. Nov. geplant')
    call s:Press(2, 's', ['irgendwann vielleicht'], 'irgendwann vielleicht')
    let g:tw_answers = ['n']
    call TwKeys('D')
    call assert_match('löschen? (j/N): $', g:tw_prompts[-1][0])
    call s:Press(2, 'D', ['j'], 'gelöscht (u macht es rückgängig)')
    call s:Press(2, 'K', [], 'schon ganz oben')
    call s:Press(2, '<', [], 'kein Tag vor Heute')
    call s:Press(1, 'x', [], 'keine Aufgabe in dieser Zeile')
    " the filter: its prompts, its line, an empty group, its errors
    call s:Press(2, '/', ['@nope'], "keine Art 'nope'")
    call s:Press(2, '/', ['sort:nope'], 'sort ist eins von')
    let g:tw_answers = ['#ordnung']
    call TwKeys('/')
    call TwWaitFor({-> getline(1) ==# 'Filter: #ordnung' && getline(3) =~# '^\[ \]'},
          \ 'the filtered view')
    call s:Press(3, 'J', [], 'Verschieben braucht die ganze Liste')
    let g:tw_answers = ['nichtsdergleichen']
    call TwKeys('/')
    call TwWaitFor({-> getline(1) ==# 'Filter: nichtsdergleichen'
          \ && index(getline(1, '$'), '  (keine Aufgaben)') >= 0}, 'the filtered view')
    call s:Collect(shown)
    let g:tw_answers = ["\x1b"]
    call TwKeys('/')
    call TwKeys("\<BS>")
    call TwWaitFor({-> getline(1) =~# '^Heute' && getline(2) =~# '^\[ \]'}, 'the filter to go')
    " the form, and a value it cannot read
    call cursor(2, 1)
    call TwKeys('E')
    call s:Collect(shown)
    call setline(search('^Dauer: '), 'Dauer: bald')
    write
    call TwWaitMessage('Dauer ist Minuten')
    bwipe!
    " g?: the keys in a popup
    call TwKeys('g?')
    let popup = taskwire#ui#last_popup()
    call assert_notequal(0, popup)
    call extend(shown, getbufline(winbufnr(popup), 1, '$') + [popup_getoptions(popup).title])
    call popup_clear()
    for view in ['upcoming', 'inbox', 'matrix', 'all', 'logbook']
      call TwOpen(view)
      call s:Collect(shown)
    endfor
    call s:Press(2, 'a', [], 'das Logbuch enthält Erledigtes')
    call TwOpen('all')
    call s:Press(2, 'J', [], 'in Alle lassen sich keine Aufgaben verschieben')
    call TwOpen('matrix')
    call s:Press(line('$'), '>', [], 'kein Quadrant nach Weder noch')
    call s:Press(line('$'), 'J', [], 'schon ganz unten')
    Taskwire nope
    call TwWaitMessage('unbekannte Ansicht')
  finally
    unlet g:taskwire_locale
  endtry
  call extend(shown, split(execute('messages'), "\n") + map(copy(g:tw_prompts), 'v:val[0]'))
  call assert_true(len(shown) > 100, 'collected ' . len(shown) . ' lines')
  for line in shown
    call assert_equal('', TwEnglishWord(line, s:english), line)
  endfor
endfunction
