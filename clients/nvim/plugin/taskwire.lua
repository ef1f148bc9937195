-- plugin/taskwire.lua - the Neovim client of the taskwire task server; see :help taskwire-nvim.
-- Only the command, the buffer hook and the <Plug> maps are made here; the rest loads on use.

if vim.g.loaded_taskwire_nvim or vim.fn.has('nvim-0.7') == 0 then
  return
end
vim.g.loaded_taskwire_nvim = true

vim.api.nvim_create_user_command('Taskwire', function(opts)
  require('taskwire').open(opts.args)
end, {
  nargs = '?',
  complete = function(lead, cmdline, pos)
    return require('taskwire').complete(lead, cmdline, pos)
  end,
  desc = 'Show a taskwire view (today, inbox, upcoming, matrix, all, logbook, projects, project NAME, area NAME) or act on the reminders',
})

local group = vim.api.nvim_create_augroup('taskwire', { clear = true })

-- :edit taskwire://today works like :Taskwire today.
vim.api.nvim_create_autocmd('BufReadCmd', {
  group = group,
  pattern = 'taskwire://*',
  callback = function(args)
    require('taskwire.view').read(args.match, args.buf)
  end,
})

-- A colorscheme clears the highlight groups of the display convention: set them again.
vim.api.nvim_create_autocmd('ColorScheme', {
  group = group,
  callback = function()
    if package.loaded['taskwire.render'] then
      require('taskwire.render').define_highlights()
    end
  end,
})

-- The server gets shutdown and exit, so that it closes the store cleanly.
vim.api.nvim_create_autocmd('VimLeavePre', {
  group = group,
  callback = function()
    if package.loaded['taskwire.rpc'] then
      require('taskwire.rpc').stop(500)
    end
  end,
})

require('taskwire.keys').define_plugs()
