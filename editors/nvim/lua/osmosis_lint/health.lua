-- :checkhealth osmosis_lint: is the binary there and which version, how the
-- client is set up, and which workspace root each open config gets.

local M = {}

-- vim.health (0.9+: start/ok/...; 0.8: report_*) or the health module of 0.7.
local health = vim.health or require('health')
local h = {
  start = health.start or health.report_start,
  ok = health.ok or health.report_ok,
  warn = health.warn or health.report_warn,
  error = health.error or health.report_error,
  info = health.info or health.report_info,
}

local install_advice = {
  'pip install osmosis-lint (or uv tool install osmosis-lint, pipx install osmosis-lint)',
  'or unpack a release archive from https://github.com/osmosis-lint/osmosis-lint/releases onto PATH',
  'or, before a release, from a clone of github.com/osmosis-lint/osmosis-lint: go install ./cmd/osmosis-lint',
  "or give the path: require('osmosis_lint').setup({ cmd = { '/path/to/osmosis-lint', 'lsp' } })",
}

local function check_binary(cfg)
  h.start('osmosis-lint binary')
  local cmd = cfg.cmd
  if type(cmd) ~= 'table' or type(cmd[1]) ~= 'string' then
    h.info('cmd is not a list of strings (a function?): the binary is not checked here')
    return
  end
  local path = vim.fn.exepath(cmd[1])
  if path == '' then
    h.error(('%s is not an executable on PATH or at that path'):format(cmd[1]), install_advice)
    return
  end
  h.ok(('found %s (cmd: %s)'):format(path, table.concat(cmd, ' ')))
  local out = vim.fn.system({ path, 'version' })
  if vim.v.shell_error ~= 0 then
    h.error(('`%s version` failed (exit status %d): %s'):format(path, vim.v.shell_error, vim.trim(out)), install_advice)
    return
  end
  out = vim.trim(out)
  if not out:match('^osmosis%-lint ') then
    h.error(('`%s version` printed %q: not osmosis-lint'):format(path, out))
    return
  end
  h.ok('version: ' .. out)
  if out:match('^osmosis%-lint 0%.0%.0%-devel') then
    h.info('a source build: install a release (pip install osmosis-lint) for a versioned binary')
  end
end

local function check_setup(lint)
  h.start('setup')
  if lint.config == nil then
    h.warn("require('osmosis_lint').setup() has not run: the defaults are shown", {
      "call require('osmosis_lint').setup({}) in your config, or vim.lsp.enable('osmosis_lint') on Neovim 0.11+",
    })
  elseif vim.lsp.config ~= nil and vim.lsp.enable ~= nil then
    h.ok('setup() ran: vim.lsp.config + vim.lsp.enable (Neovim 0.11+)')
  else
    h.ok('setup() ran: a FileType autocommand starts the client (Neovim before 0.11)')
  end
  local clients = vim.lsp.get_clients and vim.lsp.get_clients({ name = lint.name }) or vim.lsp.get_active_clients()
  local running = 0
  for _, client in ipairs(clients) do
    if client.name == lint.name then
      running = running + 1
      h.info(('client %d running for %s'):format(client.id, client.config.root_dir or '?'))
    end
  end
  if running == 0 then
    h.info('no osmosis-lint client is running (one starts when a config under configs/training, configs/eval or configs/benchmark is opened)')
  end
end

local function check_roots(lint, cfg)
  h.start('workspace root')
  local markers = cfg.root_markers or lint.root_markers
  h.info(('root markers: %s; only TOML files under configs/{%s}/ are attached'):format(table.concat(markers, ', '), table.concat(lint.kinds, ',')))
  local seen = 0
  for _, bufnr in ipairs(vim.api.nvim_list_bufs()) do
    local name = vim.api.nvim_buf_get_name(bufnr)
    if vim.api.nvim_buf_is_valid(bufnr) and name ~= '' and lint.is_config(name) then
      seen = seen + 1
      local root = lint.root_for(name, markers)
      if root ~= nil then
        h.ok(('%s: root %s'):format(name, root))
      else
        h.warn(('%s: no workspace root'):format(name))
      end
    end
  end
  local cwd = vim.fn.getcwd()
  local probe = cwd .. '/configs/training/probe.toml'
  if vim.fn.isdirectory(cwd .. '/configs') == 1 then
    h.ok(('the current directory is a workspace: configs under it get root %s'):format(lint.root_for(probe, markers) or cwd))
  elseif seen == 0 then
    h.info(('no Osmosis config is open and %s has no configs/ directory'):format(cwd))
  end
end

function M.check()
  local lint = require('osmosis_lint')
  local cfg = lint.config or lint.default_config()
  check_binary(cfg)
  check_setup(lint)
  check_roots(lint, cfg)
end

return M
