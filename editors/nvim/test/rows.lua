-- Headless test of the dataset preview: opens one config with the
-- osmosis_lint module, asks for the hover on its `dataset` value until it
-- shows the dataset's rows (a data/ file is counted in the background, so
-- the first answer may have none), then for the inlay hints of the whole
-- file. Prints {"hover": ..., "hints": [...]} as one JSON object and quits.
--
--   OSMOSIS_LINT_BIN=/path/to/osmosis-lint OSMOSIS_LINT_LINE=4 OSMOSIS_LINT_COL=12 \
--     nvim --headless -u NONE -i NONE -c 'luafile editors/nvim/test/rows.lua' -- configs/training/run.toml
--
-- Lines and columns are 0-based. Exit status: 0 answers printed; 1
-- (cquit) no client or a time out.

local function fail(message)
  io.stderr:write('rows.lua: ' .. message .. '\n')
  io.stderr:flush()
  vim.cmd('cquit 1')
end

local script = debug.getinfo(1, 'S').source:gsub('^@', '')
local plugin_root = vim.fn.fnamemodify(script, ':p:h:h')
vim.cmd('set runtimepath^=' .. vim.fn.fnameescape(plugin_root))
vim.cmd('filetype on')

local bin = os.getenv('OSMOSIS_LINT_BIN')
local file = vim.fn.fnamemodify(vim.fn.argv(0), ':p')
local timeout = 20000

require('osmosis_lint').setup({ cmd = { bin, 'lsp' } })
vim.cmd('edit ' .. vim.fn.fnameescape(file))
local buf = vim.api.nvim_get_current_buf()
if vim.bo[buf].filetype ~= 'toml' then
  vim.bo[buf].filetype = 'toml'
end

local function client_of(b)
  for _, c in pairs(vim.lsp.buf_get_clients(b)) do
    if c.name == 'osmosis_lint' and c.initialized then
      return c
    end
  end
end
if not vim.wait(timeout, function() return client_of(buf) ~= nil end, 20) then
  return fail('no osmosis_lint client attached')
end

local function request(method, params)
  local res = vim.lsp.buf_request_sync(buf, method, params, timeout)
  if res == nil then
    return nil
  end
  for _, r in pairs(res) do
    if r.err ~= nil then
      return { error = r.err.message }
    end
    return r.result
  end
end

local uri = vim.uri_from_bufnr(buf)
local at = {
  textDocument = { uri = uri },
  position = { line = tonumber(os.getenv('OSMOSIS_LINT_LINE')), character = tonumber(os.getenv('OSMOSIS_LINT_COL')) },
}
local hover
local shown = vim.wait(timeout, function()
  hover = request('textDocument/hover', at)
  return hover ~= nil and hover.contents ~= nil and string.find(hover.contents.value or '', ' rows', 1, true) ~= nil
end, 100)
if not shown then
  return fail('no rows in the hover: ' .. vim.fn.json_encode(hover))
end
local last = vim.api.nvim_buf_line_count(buf)
local hints = request('textDocument/inlayHint', {
  textDocument = { uri = uri },
  range = { start = { line = 0, character = 0 }, ['end'] = { line = last, character = 0 } },
})
io.stdout:write(vim.fn.json_encode({ hover = hover, hints = hints }) .. '\n')
io.stdout:flush()
vim.cmd('qall!')
