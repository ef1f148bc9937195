" syntax/taskwire.vim - the taskwire://VIEW buffers.
if exists('b:current_syntax')
  finish
endif

syntax match taskwireGroup    /^## .*$/ contains=taskwireDate
syntax match taskwireDate     /\d\{4}-\d\d-\d\d/ contained
syntax match taskwireBullet   /^- / nextgroup=taskwireTitle
syntax match taskwireTitle    /.\{-}\ze\(  \|$\)/ contained
syntax match taskwireTag      /\s\zs#\S\+/
syntax match taskwirePriority /\s\zs!\+\ze\(\s\|$\)/
syntax match taskwireUrgent   /(urgent)/
syntax match taskwireRepeat   /(\(daily\|weekly\|biweekly\|monthly\))/
syntax match taskwireOverdue  /overdue \d\{4}-\d\d-\d\d/
syntax match taskwireDue      /due \d\{4}-\d\d-\d\d/
syntax match taskwireEmpty    /^  (.*)$/
syntax match taskwireEmpty    /^Loading .*$/

highlight default link taskwireGroup    Title
highlight default link taskwireDate     Comment
highlight default link taskwireBullet   Delimiter
highlight default link taskwireTag      Identifier
highlight default link taskwirePriority WarningMsg
highlight default link taskwireUrgent   ErrorMsg
highlight default link taskwireRepeat   Type
highlight default link taskwireOverdue  Error
highlight default link taskwireDue      Special
highlight default link taskwireEmpty    Comment

let b:current_syntax = 'taskwire'
