-- Unit tests of the osmosis_lint module, run in a headless Neovim of any
-- supported version:
--
--   nvim --headless -u NONE -i NONE -c 'luafile editors/nvim/test/unit.lua'
--
-- The Neovim 0.11 path (vim.lsp.config + vim.lsp.enable) is exercised with
-- stand-ins when the running Neovim is older. Prints one line a test and a
-- closing `N passed, N failed`; exits non-zero (cquit) on any failure.

local uv = vim.uv or vim.loop
local script = debug.getinfo(1, 'S').source:gsub('^@', '')
local H = dofile(vim.fn.fnamemodify(script, ':p:h') .. '/harness.lua')
local plugin_root, test = H.plugin_root, H.test

local M = require('osmosis_lint')

local function eq(got, want, what)
  if not vim.deep_equal(got, want) then
    error(('%s: got %s, want %s'):format(what or 'value', vim.inspect(got), vim.inspect(want)), 2)
  end
end

-- A scratch workspace: <tmp>/repo/.git, <tmp>/repo/ws/configs/{training,eval}.
local tmp = vim.fn.tempname()
local repo = tmp .. '/repo'
local ws = repo .. '/ws'
vim.fn.mkdir(repo .. '/.git', 'p')
vim.fn.mkdir(ws .. '/configs/training/sub', 'p')
vim.fn.mkdir(ws .. '/configs/eval', 'p')
vim.fn.mkdir(ws .. '/configs/other', 'p')
local real_tmp = uv.fs_realpath(tmp)
repo = real_tmp .. '/repo'
ws = repo .. '/ws'

test('config_prefix accepts only the three kinds', function()
  eq(M.config_prefix('/w/configs/training/a.toml'), '/w')
  eq(M.config_prefix('/w/configs/eval/x/y/b.toml'), '/w')
  eq(M.config_prefix('/w/configs/benchmark/c.toml'), '/w')
  eq(M.config_prefix('C:\\w\\configs\\eval\\b.toml'), 'C:/w')
  eq(M.config_prefix('/w/configs/other/a.toml'), nil)
  eq(M.config_prefix('/w/configs/training.toml'), nil)
  eq(M.config_prefix('/w/configs/training/'), nil)
  eq(M.config_prefix('/w/configs/training/a.json'), nil)
  eq(M.config_prefix('/w/pyproject.toml'), nil)
  eq(M.config_prefix(''), nil)
  eq(M.config_prefix(nil), nil)
  -- The nearest workspace wins.
  eq(M.config_prefix('/a/configs/training/x/configs/eval/y.toml'), '/a/configs/training/x')
end)

test('root_for finds the directory holding configs/, not the enclosing .git', function()
  eq(M.root_for(ws .. '/configs/training/sub/run.toml'), ws)
  eq(M.root_for(ws .. '/configs/eval/e.toml'), ws)
  eq(M.root_for(ws .. '/configs/other/o.toml'), nil)
  eq(M.root_for(repo .. '/pyproject.toml'), nil)
end)

test('root_for falls back to the path when configs/ is not on disk', function()
  eq(M.root_for(real_tmp .. '/new/configs/training/n.toml'), real_tmp .. '/new')
end)

test('find_root takes markers in order', function()
  eq(M.find_root(ws .. '/configs/eval/e.toml', { '.git' }), repo)
  eq(M.find_root(ws .. '/configs/eval/e.toml', { 'configs', '.git' }), ws)
  eq(M.find_root(ws .. '/configs/eval/e.toml', { 'no-such-marker' }), nil)
end)

test('default config', function()
  local cfg = M.default_config()
  eq(cfg.filetypes, { 'toml' })
  eq(cfg.root_markers, { 'configs', '.git' })
  eq(cfg.cmd[#cfg.cmd], 'lsp')
  eq(type(cfg.root_dir), 'function')
  eq(cfg.workspace_required, true)
end)

test('lsp/osmosis_lint.lua returns the default config', function()
  local cfg = dofile(plugin_root .. '/lsp/osmosis_lint.lua')
  eq(cfg.filetypes, { 'toml' })
  eq(cfg.cmd[#cfg.cmd], 'lsp')
end)

local function scratch(name)
  local bufnr = vim.api.nvim_create_buf(true, false)
  vim.api.nvim_buf_set_name(bufnr, name)
  return bufnr
end

test('setup on Neovim 0.11+: vim.lsp.config + vim.lsp.enable', function()
  local saved_config, saved_enable = vim.lsp.config, vim.lsp.enable
  local configured, enabled = {}, {}
  vim.lsp.config = setmetatable({}, {
    __call = function(_, name, cfg)
      configured[name] = cfg
    end,
  })
  vim.lsp.enable = function(name)
    enabled[name] = true
  end
  local ok, err = pcall(function()
    M.setup({ cmd = '/opt/osmosis-lint', settings = { a = { b = 1 } } })
    local cfg = configured.osmosis_lint
    assert(cfg, 'vim.lsp.config was not called for osmosis_lint')
    eq(enabled, { osmosis_lint = true }, 'enabled')
    eq(cfg.cmd, { '/opt/osmosis-lint', 'lsp' }, 'cmd')
    eq(cfg.settings, { a = { b = 1 } }, 'settings')
    eq(cfg.filetypes, { 'toml' }, 'filetypes')

    local roots = {}
    local function on_dir(root)
      table.insert(roots, root)
    end
    cfg.root_dir(scratch(ws .. '/configs/training/sub/unit-a.toml'), on_dir)
    cfg.root_dir(scratch(ws .. '/configs/other/unit-b.toml'), on_dir)
    cfg.root_dir(scratch(repo .. '/unit-c.toml'), on_dir)
    eq(roots, { ws }, 'roots given to on_dir')
  end)
  vim.lsp.config, vim.lsp.enable = saved_config, saved_enable
  if not ok then
    error(err, 0)
  end
end)

test('setup options replace lists and merge tables', function()
  local saved_config, saved_enable = vim.lsp.config, vim.lsp.enable
  local got
  vim.lsp.config = setmetatable({}, {
    __call = function(_, _, cfg)
      got = cfg
    end,
  })
  vim.lsp.enable = function() end
  local ok, err = pcall(function()
    M.setup({ cmd = { 'x' }, root_markers = { '.git' }, init_options = { k = true } })
    eq(got.cmd, { 'x' }, 'cmd')
    eq(got.root_markers, { '.git' }, 'root_markers')
    eq(got.init_options, { k = true }, 'init_options')
    eq(got.settings, {}, 'settings')
  end)
  vim.lsp.config, vim.lsp.enable = saved_config, saved_enable
  if not ok then
    error(err, 0)
  end
end)

if vim.fn.has('nvim-0.11') == 0 then
  test('setup before 0.11 registers a FileType autocommand', function()
    M.setup({ cmd = { '/no/such/osmosis-lint', 'lsp' } })
    local autocmds = vim.api.nvim_get_autocmds({ group = 'osmosis_lint', event = 'FileType' })
    eq(#autocmds, 1, 'autocommands')
    eq(autocmds[1].pattern, 'toml', 'pattern')
  end)
end

test(':OsmosisLintRestart exists', function()
  eq(vim.fn.exists(':OsmosisLintRestart'), 2)
end)

vim.fn.delete(tmp, 'rf')
H.finish()
