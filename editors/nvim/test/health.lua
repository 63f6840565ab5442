-- Tests of :checkhealth osmosis_lint, run in a headless Neovim of any
-- supported version:
--
--   nvim --headless -u NONE -i NONE -c 'luafile editors/nvim/test/health.lua'
--
-- A stub osmosis-lint stands in for the binary, unless OSMOSIS_LINT_BIN
-- names a real one (then its `version` output must be reported as is).
-- Prints one line a test and `N passed, N failed`; exits non-zero (cquit)
-- on any failure.

local script = debug.getinfo(1, 'S').source:gsub('^@', '')
local H = dofile(vim.fn.fnamemodify(script, ':p:h') .. '/harness.lua')
local test = H.test

local M = require('osmosis_lint')

local tmp = vim.fn.resolve(vim.fn.tempname())
local ws = tmp .. '/ws'
vim.fn.mkdir(ws .. '/configs/training', 'p')
vim.fn.mkdir(tmp .. '/bin', 'p')

local function stub(name, body)
  local path = tmp .. '/bin/' .. name
  vim.fn.writefile({ '#!/bin/sh', body }, path)
  vim.fn.setfperm(path, 'rwxr-xr-x')
  return path
end

local real = vim.env.OSMOSIS_LINT_BIN
local good = real or stub('osmosis-lint', 'if [ "$1" = version ]; then echo "osmosis-lint 0.1.0 (1a2b3c4d5e6f 2026-11-01)"; else exec sleep 30; fi')
local want_version = vim.trim(vim.fn.system({ good, 'version' }))
local broken = stub('broken-osmosis-lint', 'echo "cannot run" >&2; exit 3')

-- A named config buffer, not loaded: no FileType event, so no client starts.
local config_buf = vim.api.nvim_create_buf(true, false)
vim.api.nvim_buf_set_name(config_buf, ws .. '/configs/training/run.toml')

-- report runs :checkhealth osmosis_lint and returns its lines.
local function report()
  vim.cmd('checkhealth osmosis_lint')
  local lines = vim.api.nvim_buf_get_lines(0, 0, -1, false)
  vim.cmd('tabclose')
  return lines
end

local function find(lines, level, text)
  for _, line in ipairs(lines) do
    if line:find(level, 1, true) and line:find(text, 1, true) then
      return true
    end
  end
  return false
end

local function expect(lines, level, text)
  if not find(lines, level, text) then
    error(('no %s line with %q in:\n%s'):format(level, text, table.concat(lines, '\n')), 2)
  end
end

test('before setup: the default binary from PATH, and a warning', function()
  local saved = vim.env.PATH
  vim.env.PATH = vim.fn.fnamemodify(good, ':h') .. ':' .. saved
  local ok, err = pcall(function()
    local lines = report()
    expect(lines, 'OK', 'found ' .. vim.fn.fnamemodify(good, ':h'))
    expect(lines, 'WARN', 'setup() has not run')
  end)
  vim.env.PATH = saved
  assert(ok, err)
end)

M.setup({ cmd = { good, 'lsp' } })

test('binary found, its version, setup and the root of an open config', function()
  local lines = report()
  expect(lines, 'OK', 'found ' .. good)
  expect(lines, 'OK', 'version: ' .. want_version)
  expect(lines, 'OK', 'setup() ran')
  expect(lines, 'OK', ws .. '/configs/training/run.toml: root ' .. ws)
  assert(not find(lines, 'ERROR', ''), 'an ERROR line:\n' .. table.concat(lines, '\n'))
end)

test('the current directory as a workspace', function()
  local saved = vim.fn.getcwd()
  vim.cmd('cd ' .. vim.fn.fnameescape(ws))
  local ok, err = pcall(function()
    expect(report(), 'OK', 'the current directory is a workspace: configs under it get root ' .. ws)
  end)
  vim.cmd('cd ' .. vim.fn.fnameescape(saved))
  assert(ok, err)
end)

test('a missing binary is an error with install advice', function()
  M.setup({ cmd = { tmp .. '/bin/no-such-osmosis-lint', 'lsp' } })
  local lines = report()
  expect(lines, 'ERROR', 'no-such-osmosis-lint is not an executable')
  expect(lines, 'pip install osmosis-lint', 'pip install osmosis-lint')
end)

test('a binary whose version fails is an error', function()
  M.setup({ cmd = { broken, 'lsp' } })
  expect(report(), 'ERROR', 'version` failed (exit status 3): cannot run')
end)

vim.fn.delete(tmp, 'rf')
H.finish()
