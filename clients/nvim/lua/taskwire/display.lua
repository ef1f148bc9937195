-- taskwire.display: the clients' display convention (clients/README.md), as the Vim plugin and
-- the shell client follow it.
--
-- A task line: "[ ] Call mom  !!  *  #family #phone  @errand  30m  ↻ weekly  due Fri, Nov 27",
-- the markers being the words quick add reads; the flags "overdue" and "after due" at the end.
-- A group header: "Tomorrow · Wed, Nov 25 · 30m", "Fri, Nov 27 · 2h", "Inbox · 45m".  In German
-- (the server's locale "de"): "Morgen · Do, 26. Nov. · 30m", "fällig heute", "überfällig".
-- Every function takes the language last ('en' or 'de'; default: the server's).

local M = {}

local types = {
  deepWork = '@deep',
  shallowWork = '@shallow',
  errand = '@errand',
  meeting = '@meeting',
  learning = '@learning',
}

local L = {
  en = {
    weekdays = { 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun' },
    months = { 'Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec' },
    due = 'due', today = 'today', tomorrow = 'tomorrow', overdue = 'overdue',
    after_due = 'after due', done = 'done',
  },
  de = {
    weekdays = { 'Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So' },
    months = { 'Jan.', 'Feb.', 'März', 'Apr.', 'Mai', 'Juni', 'Juli', 'Aug.', 'Sept.', 'Okt.', 'Nov.', 'Dez.' },
    due = 'fällig', today = 'heute', tomorrow = 'morgen', overdue = 'überfällig',
    after_due = 'nach Fälligkeit', done = 'erledigt',
  },
}

-- The lists as a message names them, in the shell client's words.
local places = {
  en = { inbox = 'Inbox', today = 'Today', upcoming = 'Upcoming' },
  de = { inbox = 'zum Eingang', today = 'zu Heute', upcoming = 'zu Demnächst' },
}

-- The language the server speaks ('de' or 'en'), from its initialize reply.
function M.language()
  local locale = require('taskwire.rpc').server().locale
  return type(locale) == 'string' and locale:lower():match('^de') and 'de' or 'en'
end

local function words(lang)
  return L[lang or M.language()] or L.en
end

local function ymd(date)
  local y, m, d = date:match('^(%d+)-(%d+)-(%d+)')
  return tonumber(y), tonumber(m), tonumber(d)
end

-- Days since 1970-01-01 of a YYYY-MM-DD date (H. Hinnant's days_from_civil).
function M.days(date)
  local y, m, d = ymd(date)
  if m <= 2 then
    y = y - 1
  end
  local era = math.floor(y / 400)
  local yoe = y - era * 400
  local doy = math.floor((153 * (m + (m > 2 and -3 or 9)) + 2) / 5) + d - 1
  local doe = yoe * 365 + math.floor(yoe / 4) - math.floor(yoe / 100) + doy
  return era * 146097 + doe - 719468
end

-- 0 = Monday … 6 = Sunday.
function M.weekday(date)
  return (M.days(date) + 3) % 7
end

-- "5m", "30m", "1h", "1h30m".
function M.duration(minutes)
  local hours, rest = math.floor(minutes / 60), minutes % 60
  if hours == 0 then
    return rest .. 'm'
  end
  return hours .. 'h' .. (rest > 0 and (rest .. 'm') or '')
end

-- "daily", "every 3 days", "weekly!" (counted from completion); nil for none.  Without the ↻.
function M.repeat_words(recurrence)
  recurrence = type(recurrence) == 'table' and recurrence or {}
  local pattern = recurrence.pattern or 'none'
  if pattern == 'none' then
    return nil
  end
  local n = (tonumber(recurrence.interval) or 1) * (pattern == 'biweekly' and 2 or 1)
  local units = { daily = 'days', weekly = 'weeks', biweekly = 'weeks', monthly = 'months' }
  local text = pattern
  if not (n == 1 or (pattern == 'biweekly' and n == 2)) then
    text = string.format('every %d %s', n, units[pattern] or pattern)
  end
  return text .. (recurrence.afterCompletion == true and '!' or '')
end

-- "Fri, Nov 27"; "Jan 4, 2027" in another year than today's.  German: "Fr, 27. Nov.".
function M.day(date, today, lang)
  local w = words(lang)
  local de = w == L.de
  local y, m, d = ymd(date)
  local month = w.months[m]
  if today and today ~= '' and y ~= tonumber(today:sub(1, 4)) then
    return de and string.format('%d. %s %d', d, month, y) or string.format('%s %d, %d', month, d, y)
  end
  local weekday = w.weekdays[M.weekday(date) + 1]
  return de and string.format('%s, %d. %s', weekday, d, month) or string.format('%s, %s %d', weekday, month, d)
end

-- "due today", "due tomorrow", "due Fri, Nov 27"; German "fällig heute", "fällig Mi, 25. Nov.".
function M.due(date, today, lang)
  local w = words(lang)
  local delta = (today and today ~= '') and M.days(date) - M.days(today) or 99
  local when = delta == 0 and w.today or delta == 1 and w.tomorrow or M.day(date, today, lang)
  return w.due .. ' ' .. when
end

local function date_of(task, field)
  local value = task[field]
  return type(value) == 'string' and value or nil
end

-- The parts after a task's title, in the convention's order: {{text, highlight group}, …}.
-- `done`: a completed task (the flags about dates to come do not apply to it).
function M.markers(task, today, done, lang)
  local w = words(lang)
  local parts = {}
  local priority = tonumber(task.priority) or 1
  if priority >= 2 then
    table.insert(parts, { string.rep('!', math.min(priority, 3)), 'taskwirePriority' })
  end
  if task.urgent == true then
    table.insert(parts, { '*', 'taskwireUrgent' })
  end
  if type(task.tags) == 'table' and #task.tags > 0 then
    local tags = vim.tbl_map(function(tag)
      return '#' .. tag
    end, task.tags)
    table.insert(parts, { table.concat(tags, ' '), 'taskwireTag' })
  end
  if types[task.type] then
    table.insert(parts, { types[task.type], 'taskwireType' })
  end
  local minutes = tonumber(task.durationMinutes) or 15
  if minutes ~= 15 then
    table.insert(parts, { M.duration(minutes), 'taskwireDuration' })
  end
  local repeat_text = M.repeat_words(task.recurrence)
  if repeat_text then
    table.insert(parts, { '↻ ' .. repeat_text, 'taskwireRepeat' })
  end
  local scheduled, due = date_of(task, 'scheduledDate'), date_of(task, 'dueDate')
  if due then
    table.insert(parts, { M.due(due, today, lang), due == today and 'taskwireDueToday' or 'taskwireDue' })
  end
  if not done and today and today ~= '' then
    if (due and due < today) or (scheduled and scheduled < today) then
      table.insert(parts, { w.overdue, 'taskwireOverdue' })
    end
    if scheduled and due and scheduled > due then
      table.insert(parts, { w.after_due, 'taskwireAfterDue' })
    end
  end
  return parts
end

-- "[ ] Call mom  !!  *  #family" ("[x]" when completed; `done_day`, the logbook's day:
-- "  done Mon, Nov 23"), and its highlights {from, to, group} (0-based byte columns).
function M.task_line(task, today, done_day, lang)
  local done = task.completed == true
  local parts = M.markers(task, today, done, lang)
  if done_day then
    table.insert(parts, { words(lang).done .. ' ' .. M.day(done_day, today, lang), 'taskwireDoneDay' })
  end
  local title = tostring(task.title or ''):gsub('[\r\n]', ' ')
  local line = (done and '[x] ' or '[ ] ') .. title
  local highlights = { { 0, 3, 'taskwireBox' } }
  if done then
    table.insert(highlights, { 4, #line, 'taskwireDone' })
  end
  for _, part in ipairs(parts) do
    line = line .. '  '
    table.insert(highlights, { #line, #line + #part[1], part[2] })
    line = line .. part[1]
  end
  return line, highlights
end

-- "Today · Thu, Feb 12 · 30m", "Fri, Feb 13 · 1h", "Jan 4, 2027 · Mon · 15m", "Inbox · 45m".
-- A title that is the date itself (the server's "Feb 13") gives way to the date with its day.
function M.header(group, today, lang)
  local parts = { tostring(group.title or '') }
  local date = group.date
  if type(date) == 'string' and date ~= '' then
    local label = M.day(date, today, lang)
    if today and today ~= '' and date:sub(1, 4) ~= today:sub(1, 4) then
      label = label .. ' · ' .. words(lang).weekdays[M.weekday(date) + 1]
    end
    parts = tostring(group.title):match('%d') and { label } or { parts[1], label }
  end
  local total = 0
  for _, task in ipairs(group.tasks or {}) do
    total = total + (tonumber(task.durationMinutes) or 15)
  end
  if total > 0 then
    table.insert(parts, M.duration(total))
  end
  return table.concat(parts, ' · ')
end

-- Where a new task went, from task/create's reply ({task, view, group}): "added 'Call mom' to
-- Upcoming: Fri, Feb 13"; German "'Call mom' zu Demnächst hinzugefügt: Fr, 13. Feb.".
function M.placed(title, place, today, lang)
  lang = lang or M.language()
  local where = (places[lang] or places.en)[place.view] or tostring(place.view)
  local when = place.view == 'upcoming' and ': ' .. M.day(place.group, today, lang) or ''
  if lang == 'de' then
    return ("'%s' %s hinzugefügt%s"):format(title, where, when)
  end
  return ("added '%s' to %s%s"):format(title, where, when)
end

return M
