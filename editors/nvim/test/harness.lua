-- The test runner of the headless Neovim tests (unit.lua, health.lua): one
-- line a test, a closing `N passed, N failed`, and exit status 1 (cquit) on
-- any failure. Also puts editors/nvim on the runtimepath.
--
--   local t = dofile(vim.fn.fnamemodify(script, ':p:h') .. '/harness.lua')

local H = {}

local here = debug.getinfo(1, 'S').source:gsub('^@', '')
H.plugin_root = vim.fn.fnamemodify(here, ':p:h:h')
vim.cmd('set runtimepath^=' .. vim.fn.fnameescape(H.plugin_root))

local passed, failed = 0, 0

function H.test(name, fn)
  local ok, err = pcall(fn)
  if ok then
    passed = passed + 1
    io.stdout:write('ok   ' .. name .. '\n')
  else
    failed = failed + 1
    io.stdout:write('FAIL ' .. name .. ': ' .. tostring(err) .. '\n')
  end
end

--- Prints the totals and leaves Neovim, with status 1 when a test failed.
function H.finish()
  io.stdout:write(('%d passed, %d failed\n'):format(passed, failed))
  io.stdout:flush()
  if failed > 0 then
    vim.cmd('cquit 1')
  else
    vim.cmd('qall!')
  end
end

return H
