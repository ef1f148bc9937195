" test/test_taskwire.vim - the plugin's tests, run by test/run.sh in a headless Vim:
"   vim -N -u NONE -i NONE -es --not-a-term -S test/test_taskwire.vim
" Every Test_* function gets a fresh (empty) store and a fresh server.  The clock stands still at
" Thursday 2026-02-12 08:00 UTC, so Tomorrow is 2026-02-13 and `in 3 days` 2026-02-15.
" Results go to $TW_TEST_RESULT (else test/result.txt is not written: they are echoed).

set nocompatible nomore
let s:dir = expand('<sfile>:p:h')
execute 'set runtimepath^=' . fnameescape(fnamemodify(s:dir, ':h'))
syntax on
runtime plugin/taskwire.vim

let s:bin = $TASKWIRE
let s:tmp = empty($TW_TEST_TMP) ? fnamemodify(tempname(), ':h') : $TW_TEST_TMP
let s:clock = ['--clock', '2026-02-12T08:00:00Z', '--time-zone', 'UTC']
let s:count = 0

for s:file in ['helpers.vim', 'test_views.vim', 'test_actions.vim', 'test_moves.vim',
      \ 'test_edit.vim', 'test_filter.vim', 'test_matrix.vim', 'test_display.vim', 'test_live.vim',
      \ 'test_quickadd.vim', 'test_fixture.vim', 'test_german.vim', 'test_projects.vim',
      \ 'test_someday.vim', 'test_evening.vim', 'test_reminders.vim']
  execute 'source' fnameescape(s:dir . '/' . s:file)
endfor

" ---- the runner ------------------------------------------------------------------------------

function! s:Setup() abort
  call taskwire#rpc#stop()
  silent! %bwipeout!
  silent! nunmap ,c
  unlet! g:taskwire_no_mappings g:taskwire_reminders
  messages clear
  let s:count += 1
  let g:tw_db = s:tmp . '/store' . s:count . '.sqlite'
  " An empty store made once and copied: the server has no new store to announce.
  call writefile(readfile(s:template, 'B'), g:tw_db, 'B')
  let g:taskwire_command = [s:bin, '--db', g:tw_db] + s:clock
  let g:tw_answers = []
  let g:tw_prompts = []
  let g:taskwire_input_func = 'TwInput'
endfunction

function! s:Run() abort
  let s:template = s:tmp . '/template.sqlite'
  call system(join(map([s:bin, '--db', s:template] + s:clock, 'shellescape(v:val)'))
        \ . ' </dev/null 2>/dev/null')
  let report = []
  let [passed, failed, skipped] = [0, 0, 0]
  let names = sort(map(split(execute('function /^Test_'), "\n"),
        \ 'matchstr(v:val, ''^function \zsTest_\w\+'')'))
  for name in filter(names, '!empty(v:val)')
    call s:Setup()
    let v:errors = []
    let skip = ''
    try
      call call(name, [])
    catch /^SKIP: /
      let skip = v:exception[6:]
    catch
      call add(v:errors, 'exception: ' . v:exception . ' at ' . v:throwpoint)
    endtry
    if !empty(v:errors)
      let failed += 1
      call add(report, 'FAIL ' . name)
      call extend(report, map(copy(v:errors), '"    " . v:val'))
    elseif !empty(skip)
      let skipped += 1
      call add(report, 'SKIP ' . name . ': ' . skip)
    else
      let passed += 1
      call add(report, 'PASS ' . name)
    endif
  endfor
  call taskwire#rpc#stop()
  call add(report, printf('summary: %d passed, %d failed, %d skipped', passed, failed, skipped))
  return [report, failed]
endfunction

try
  if empty(s:bin) || !executable(s:bin)
    let s:result = [['FAIL setup: $TASKWIRE is not an executable: ' . string(s:bin),
          \ 'summary: 0 passed, 1 failed, 0 skipped'], 1]
  else
    let s:result = s:Run()
  endif
catch
  let s:result = [['FAIL runner: ' . v:exception . ' at ' . v:throwpoint,
        \ 'summary: 0 passed, 1 failed, 0 skipped'], 1]
endtry
if empty($TW_TEST_RESULT)
  for s:line in s:result[0]
    verbose echo s:line
  endfor
else
  call writefile(s:result[0], $TW_TEST_RESULT)
endif
if s:result[1]
  cquit!
endif
qall!
