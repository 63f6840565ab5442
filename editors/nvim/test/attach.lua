-- Headless attach test: opens one config file with the osmosis_lint module,
-- waits until the language server attaches and publishes diagnostics for it,
-- prints them, and quits.
--
--   OSMOSIS_LINT_BIN=/path/to/osmosis-lint \
--     nvim --headless -u NONE -i NONE -c 'luafile editors/nvim/test/attach.lua' -- configs/training/run.toml
--
-- The file may also be given as OSMOSIS_LINT_FILE. Each diagnostic is printed
-- on stdout as `lnum:col:code:message`, sorted, with 1-based line and column
-- (vim.diagnostic's lnum + 1 and col + 1; col counts bytes) and newlines in
-- the message written as `\n`. An empty output means the server published no
-- diagnostics for the file.
--
-- Environment: OSMOSIS_LINT_TIMEOUT_MS (default 15000) bounds the whole wait;
-- OSMOSIS_LINT_SETTLE_MS (default 250) is how long to keep listening after the
-- first diagnostics, so that a later publication replaces an earlier one.
--
-- Exit status: 0 diagnostics received; 1 (cquit) timeout, no client attached or
-- the server stopped; 2 usage error.

local uv = vim.uv or vim.loop

local function fail(code, message)
  io.stderr:write('attach.lua: ' .. message .. '\n')
  io.stderr:flush()
  vim.cmd('cquit ' .. code)
end

local function env_number(name, default)
  local value = tonumber(os.getenv(name) or '')
  if value == nil or value < 0 then
    return default
  end
  return value
end

-- editors/nvim, found from this script's own path.
local script = debug.getinfo(1, 'S').source:gsub('^@', '')
local plugin_root = vim.fn.fnamemodify(script, ':p:h:h')
vim.cmd('set runtimepath^=' .. vim.fn.fnameescape(plugin_root))
vim.cmd('filetype on')

local bin = os.getenv('OSMOSIS_LINT_BIN')
local file = os.getenv('OSMOSIS_LINT_FILE')
if file == nil or file == '' then
  file = vim.fn.argv(0)
end
if bin == nil or bin == '' then
  return fail(2, 'set OSMOSIS_LINT_BIN to the osmosis-lint binary')
end
if type(file) ~= 'string' or file == '' then
  return fail(2, 'give the config file as an argument or as OSMOSIS_LINT_FILE')
end
if vim.fn.filereadable(file) ~= 1 then
  return fail(2, 'cannot read ' .. file)
end
if vim.fn.executable(bin) ~= 1 then
  return fail(2, 'not executable: ' .. bin)
end
file = vim.fn.fnamemodify(file, ':p')

local timeout = env_number('OSMOSIS_LINT_TIMEOUT_MS', 15000)
local settle = env_number('OSMOSIS_LINT_SETTLE_MS', 250)
local started = uv.now()
local function remaining()
  return math.max(0, timeout - (uv.now() - started))
end

-- Listen before anything starts so that no event is missed.
local target_buf = nil
local changed_at = nil
vim.api.nvim_create_autocmd('DiagnosticChanged', {
  callback = function(args)
    if target_buf ~= nil and args.buf == target_buf then
      uv.update_time()
      changed_at = uv.now()
    end
  end,
})

local function clients_for(bufnr)
  if vim.lsp.get_clients then
    return vim.lsp.get_clients({ bufnr = bufnr, name = 'osmosis_lint' })
  end
  local out = {}
  for _, client in pairs(vim.lsp.buf_get_clients(bufnr)) do
    if client.name == 'osmosis_lint' then
      table.insert(out, client)
    end
  end
  return out
end

local function is_stopped(client)
  if vim.fn.has('nvim-0.11') == 1 then
    return client:is_stopped()
  end
  return client.is_stopped()
end

local osmosis_lint = require('osmosis_lint')
if osmosis_lint.root_for(file) == nil then
  return fail(1, file .. ' is not under configs/{training,eval,benchmark}/: the server would not attach')
end
osmosis_lint.setup({ cmd = { bin, 'lsp' } })

-- (Re)load the file now that filetype detection and the module are set up;
-- a file from the argument list was read before either.
vim.cmd('edit ' .. vim.fn.fnameescape(file))
target_buf = vim.api.nvim_get_current_buf()
if vim.bo[target_buf].filetype ~= 'toml' then
  vim.bo[target_buf].filetype = 'toml'
end

local attached = vim.wait(remaining(), function()
  return #clients_for(target_buf) > 0
end, 20)
if not attached then
  return fail(1, ('no osmosis_lint client attached to %s within %d ms'):format(file, timeout))
end
local client = clients_for(target_buf)[1]

local settled = vim.wait(remaining(), function()
  if is_stopped(client) then
    return true
  end
  if changed_at == nil then
    return false
  end
  uv.update_time()
  return uv.now() - changed_at >= settle
end, 20)
if is_stopped(client) then
  return fail(1, 'the language server stopped before publishing diagnostics')
end
if not settled or changed_at == nil then
  return fail(1, ('no diagnostics for %s within %d ms'):format(file, timeout))
end

local diagnostics = vim.diagnostic.get(target_buf)
table.sort(diagnostics, function(a, b)
  if a.lnum ~= b.lnum then
    return a.lnum < b.lnum
  end
  if a.col ~= b.col then
    return a.col < b.col
  end
  return (a.message or '') < (b.message or '')
end)
for _, d in ipairs(diagnostics) do
  local code = d.code
  if code == nil and type(d.user_data) == 'table' and type(d.user_data.lsp) == 'table' then
    code = d.user_data.lsp.code
  end
  local message = (d.message or ''):gsub('\r?\n', '\\n')
  io.stdout:write(('%d:%d:%s:%s\n'):format(d.lnum + 1, d.col + 1, code ~= nil and tostring(code) or '', message))
end
io.stdout:flush()
vim.cmd('qall!')
