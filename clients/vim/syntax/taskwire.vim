" syntax/taskwire.vim - the taskwire://VIEW buffers (the display convention of clients/README.md).
if exists('b:current_syntax')
  finish
endif

" A task line: "[ ] Title  !!  *  #tag  @type  30m  ↻ weekly  due Fri, Nov 27  overdue"; the
" markers follow the title after two spaces.  Every other line that is not empty is a header.
syntax match taskwireGroup    /^[^[ ].*$/ contains=taskwireFilter
syntax match taskwireFilter   /^Filter: .*$/ contained
syntax match taskwireBox      /^\[[ x]\] / nextgroup=taskwireTitle
syntax match taskwireDone     /^\[x\] .\{-}\ze\(  \|$\)/
syntax match taskwireTitle    /.\{-}\ze\(  \|$\)/ contained
syntax match taskwirePriority /  \zs!\{2,3}\ze\(  \|$\)/
syntax match taskwireUrgent   /  \zs\*\ze\(  \|$\)/
syntax match taskwireTag      /\s\zs#[^ #]\+/
syntax match taskwireType     /  \zs@\a\+\ze\(  \|$\)/
syntax match taskwireDuration /  \zs\(\d\+h\)\=\(\d\+m\)\=\ze\(  \|$\)/
syntax match taskwireRepeat   /  \zs↻ [^ ].\{-}\ze\(  \|$\)/
" The flags in English or German (fällig, überfällig, nach Fälligkeit, erledigt).
syntax match taskwireDue      /  \zs\(due\|fällig\) [^ ].\{-}\ze\(  \|$\)/
syntax match taskwireDueToday /  \zs\(due today\|fällig heute\)\ze\(  \|$\)/
syntax match taskwireOverdue  /  \zs\(overdue\|überfällig\)\ze\(  \|$\)/
syntax match taskwireAfterDue /  \zs\(after due\|nach Fälligkeit\)\ze\(  \|$\)/
syntax match taskwireDoneDay  /  \zs\(done\|erledigt\) [^ ].*$/
syntax match taskwireEmpty    /^  (.*)$/
syntax match taskwireEmpty    /^Loading .*$/

highlight default link taskwireGroup    Title
highlight default link taskwireFilter   Search
highlight default link taskwireBox      Delimiter
highlight default link taskwireDone     Comment
highlight default link taskwireTag      Identifier
highlight default link taskwirePriority WarningMsg
highlight default link taskwireUrgent   WarningMsg
highlight default link taskwireType     Type
highlight default link taskwireDuration Number
highlight default link taskwireRepeat   Type
highlight default link taskwireDue      Special
highlight default link taskwireDoneDay  Comment
highlight default link taskwireEmpty    Comment
" The flags in colour (the words say it too): overdue and after due red, due today orange/bold.
highlight default taskwireOverdue  term=bold cterm=bold ctermfg=Red gui=bold guifg=Red
highlight default taskwireAfterDue term=bold ctermfg=Red guifg=Red
execute 'highlight default taskwireDueToday term=bold cterm=bold gui=bold guifg=#ff8700 ctermfg='
      \ . (str2nr(&t_Co) >= 256 ? '208' : 'Brown')

let b:current_syntax = 'taskwire'
