-- Headless test of the workspace features: opens one config with the
-- osmosis_lint module, waits for its diagnostics, then asks at a position
-- what a user asks: references, rename, document links, workspace symbols
-- and completion. Prints the answers as one JSON object and quits.
--
--   OSMOSIS_LINT_BIN=/path/to/osmosis-lint OSMOSIS_LINT_LINE=1 OSMOSIS_LINT_COL=12 \
--   OSMOSIS_LINT_NEW_NAME=adder OSMOSIS_LINT_QUERY=multiply OSMOSIS_LINT_COMPLETE_LINE=9 \
--     nvim --headless -u NONE -i NONE -c 'luafile editors/nvim/test/features.lua' -- configs/training/run.toml
--
-- Lines and columns are 0-based (ASCII files: bytes and UTF-16 agree).
-- OSMOSIS_LINT_NO_SNIPPETS=1 declares a client without snippet support.
-- Exit status: 0 answers printed; 1 (cquit) no client or a time out.

local function fail(message)
  io.stderr:write('features.lua: ' .. message .. '\n')
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

local capabilities = vim.lsp.protocol.make_client_capabilities()
capabilities.textDocument.completion.completionItem.snippetSupport = os.getenv('OSMOSIS_LINT_NO_SNIPPETS') ~= '1'
capabilities.workspace.workspaceEdit = { documentChanges = true, resourceOperations = { 'create', 'rename', 'delete' } }

require('osmosis_lint').setup({ cmd = { bin, 'lsp' }, capabilities = capabilities })
vim.cmd('edit ' .. vim.fn.fnameescape(file))
local buf = vim.api.nvim_get_current_buf()
if vim.bo[buf].filetype ~= 'toml' then
  vim.bo[buf].filetype = 'toml'
end

local function client_of(b)
  for _, c in pairs(vim.lsp.buf_get_clients(b)) do
    if c.name == 'osmosis_lint' then
      return c
    end
  end
end
if not vim.wait(timeout, function() return client_of(buf) ~= nil end, 20) then
  return fail('no osmosis_lint client attached')
end
-- the server has read the document once its diagnostics are in
if not vim.wait(timeout, function() return #vim.diagnostic.get(buf) > 0 end, 20) then
  return fail('no diagnostics')
end

local function request(method, params)
  local res = vim.lsp.buf_request_sync(buf, method, params, timeout)
  if res == nil then
    fail(method .. ': no answer')
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
local out = {
  references = request('textDocument/references', vim.tbl_extend('force', at, { context = { includeDeclaration = true } })),
  prepareRename = request('textDocument/prepareRename', at),
  rename = request('textDocument/rename', vim.tbl_extend('force', at, { newName = os.getenv('OSMOSIS_LINT_NEW_NAME') })),
  links = request('textDocument/documentLink', { textDocument = { uri = uri } }),
  symbols = request('workspace/symbol', { query = os.getenv('OSMOSIS_LINT_QUERY') }),
  completion = request('textDocument/completion', {
    textDocument = { uri = uri },
    position = { line = tonumber(os.getenv('OSMOSIS_LINT_COMPLETE_LINE')), character = 0 },
  }),
}
io.stdout:write(vim.fn.json_encode(out) .. '\n')
io.stdout:flush()
vim.cmd('qall!')
