" test/test_fixture.vim - the shared fixture, Protocol/fixtures/display.json: its store imported
" (`taskwire import`), the server started on its clock and time zone, each view's buffer
" compared with the expected headers and task lines, in English, after :TaskwireLocale de,
" and in a session started in German.

" The buffer a person should see for a view of the fixture: each group's header and task
" lines, a blank line between groups (an empty group says so).
function! s:Expected(groups) abort
  let lines = []
  for group in a:groups
    if !empty(lines)
      call add(lines, '')
    endif
    call add(lines, group.header)
    call extend(lines, empty(group.tasks)
          \ ? ['  ' . taskwire#text#get('vim.list.noTasks')] : group.tasks)
  endfor
  return lines
endfunction

" Every view of the fixture in `lang`, each compared with what its buffer shows.
function! s:Compare(fixture, lang) abort
  let views = a:fixture.views[a:lang]
  call assert_true(len(views) >= 5, 'views in the fixture: ' . string(keys(views)))
  for view in sort(keys(views))
    call TwOpen(view)
    call TwWaitLines(s:Expected(views[view]))
  endfor
endfunction

function! Test_fixture_views_in_english_then_german() abort
  let fixture = TwFixture()
  call s:Compare(fixture, 'en')
  " :TaskwireLocale: the server re-sends the parts (update, updateGroup), the words follow
  " in the buffer that is open (Upcoming, the last compared)
  call assert_equal('taskwire://upcoming', bufname('%'))
  TaskwireLocale de
  call TwWaitFor({-> taskwire#text#locale() ==# 'de'}, 'the German catalogue')
  call TwWaitLines(s:Expected(fixture.views.de.upcoming))
  call assert_equal('taskwire Demnächst', taskwire#statusline())
  call s:Compare(fixture, 'de')
endfunction

function! Test_fixture_views_in_a_german_session() abort
  let fixture = TwFixture()
  let g:taskwire_locale = 'de'
  try
    call s:Compare(fixture, 'de')
  finally
    unlet g:taskwire_locale
  endtry
endfunction
