-- osmosis-lint language server for Neovim.
--
-- Attaches `osmosis-lint lsp` to TOML buffers under
-- configs/{training,eval,benchmark}/ of an Osmosis workspace, and to nothing
-- else. Neovim 0.11+ uses vim.lsp.config() + vim.lsp.enable(); older versions
-- start the client from a FileType autocommand: vim.lsp.start() on 0.8-0.10,
-- vim.lsp.start_client() + vim.lsp.buf_attach_client() on 0.7.
--
--   require('osmosis_lint').setup({ cmd = { 'osmosis-lint', 'lsp' }, settings = {} })

local M = {}

M.name = 'osmosis_lint'

-- Config kinds the server owns; a TOML file elsewhere is left alone.
M.kinds = { 'training', 'eval', 'benchmark' }

local uv = vim.uv or vim.loop
local is_windows = uv.os_uname().sysname:find('Windows') ~= nil

local function normalize(path)
  if path == nil or path == '' then
    return nil
  end
  path = path:gsub('\\', '/')
  return path
end

local function dirname(path)
  local parent = path:match('^(.*)/[^/]*$')
  if parent == '' then
    return '/'
  end
  return parent
end

local function exists(path)
  return uv.fs_stat(path) ~= nil
end

--- The workspace part of a config path: for `/w/configs/eval/a/b.toml` it is
--- `/w`. Nil when the path is not a .toml file under configs/<kind>/. The
--- last `/configs/<kind>/` wins, so the nearest workspace is chosen.
---@param path string|nil
---@return string|nil
function M.config_prefix(path)
  path = normalize(path)
  if path == nil or not path:match('%.toml$') then
    return nil
  end
  local found
  local init = 1
  while true do
    local s, e = path:find('/configs/', init, true)
    if s == nil then
      break
    end
    local rest = path:sub(e + 1)
    for _, kind in ipairs(M.kinds) do
      if rest:sub(1, #kind + 1) == kind .. '/' and #rest > #kind + 1 then
        found = s
      end
    end
    init = s + 1
  end
  if found == nil then
    return nil
  end
  if found == 1 then
    return '/'
  end
  return path:sub(1, found - 1)
end

--- Reports whether path is a config the server should check.
---@param path string|nil
---@return boolean
function M.is_config(path)
  return M.config_prefix(path) ~= nil
end

--- Searches upward from the directory of path for each marker in turn (the
--- first marker found anywhere wins, as vim.fs.root does) and returns the
--- directory that holds it.
---@param path string
---@param markers string[]
---@return string|nil
function M.find_root(path, markers)
  path = normalize(path)
  if path == nil then
    return nil
  end
  for _, marker in ipairs(markers) do
    local dir = dirname(path)
    while dir ~= nil do
      if exists(dir .. '/' .. marker) then
        return dir
      end
      local parent = dirname(dir)
      if parent == dir then
        break
      end
      dir = parent
    end
  end
  return nil
end

--- The workspace root for a buffer path, or nil when the server must not
--- attach: the nearest directory above the file holding one of the root
--- markers (`configs` first, then `.git`), else the path's workspace part.
---@param path string|nil
---@param markers string[]|nil
---@return string|nil
function M.root_for(path, markers)
  local prefix = M.config_prefix(path)
  if prefix == nil then
    return nil
  end
  local root = M.find_root(normalize(path), markers or M.root_markers)
  -- A marker above the workspace (a .git of an enclosing repo when configs/
  -- is not on disk yet) would widen the root; the path's own prefix is better.
  if root == nil or #root < #prefix then
    return prefix
  end
  return root
end

M.root_markers = { 'configs', '.git' }

local function buf_path(bufnr)
  local name = vim.api.nvim_buf_get_name(bufnr)
  if name == '' or name:match('^%a[%w+.-]*://') then
    return nil -- unnamed or not a file (fugitive://, oil://, ...)
  end
  return name
end

local function executable(path)
  return vim.fn.executable(path) == 1
end

--- Finds the osmosis-lint binary: on PATH, then in $GOBIN, each $GOPATH/bin
--- and ~/go/bin (where `go install` puts it). Returns 'osmosis-lint' when it
--- is nowhere, so that the error names the command.
---@return string
function M.find_binary()
  local name = is_windows and 'osmosis-lint.exe' or 'osmosis-lint'
  if executable(name) then
    return name
  end
  local dirs = {}
  if vim.env.GOBIN and vim.env.GOBIN ~= '' then
    table.insert(dirs, vim.env.GOBIN)
  end
  local sep = is_windows and ';' or ':'
  for dir in (vim.env.GOPATH or ''):gmatch('[^' .. sep .. ']+') do
    table.insert(dirs, dir .. '/bin')
  end
  local home = uv.os_homedir()
  if home then
    table.insert(dirs, home .. '/go/bin')
  end
  for _, dir in ipairs(dirs) do
    local candidate = dir .. '/' .. name
    if executable(candidate) then
      return candidate
    end
  end
  return 'osmosis-lint'
end

local function copy(t)
  local out = {}
  for k, v in pairs(t) do
    out[k] = v
  end
  return out
end

-- 0.11+ calls root_dir(bufnr, on_dir) and attaches only when on_dir is called.
local function root_dir_with(markers)
  return function(bufnr, on_dir)
    local root = M.root_for(buf_path(bufnr), markers)
    if root ~= nil then
      on_dir(root)
    end
  end
end

--- The default client configuration, in the shape of vim.lsp.Config.
---@return table
function M.default_config()
  return {
    name = M.name,
    cmd = { M.find_binary(), 'lsp' },
    filetypes = { 'toml' },
    root_markers = copy(M.root_markers),
    root_dir = root_dir_with(M.root_markers),
    workspace_required = true,
    settings = {},
  }
end

-- Tables merged key by key; every other option replaces the default whole
-- (vim.tbl_deep_extend would merge `cmd` lists index by index).
local deep_keys = { settings = true, init_options = true, capabilities = true, handlers = true }

local function merge(defaults, opts)
  local out = copy(defaults)
  for k, v in pairs(opts or {}) do
    if deep_keys[k] and type(v) == 'table' and type(out[k]) == 'table' then
      out[k] = vim.tbl_deep_extend('force', out[k], v)
    else
      out[k] = v
    end
  end
  if type(out.cmd) == 'string' then
    out.cmd = { out.cmd, 'lsp' }
  end
  if opts ~= nil and opts.root_markers ~= nil and opts.root_dir == nil then
    out.root_dir = root_dir_with(out.root_markers)
  end
  return out
end

M.config = nil -- the merged configuration, set by setup()

local function has_native_config()
  return vim.lsp.config ~= nil and vim.lsp.enable ~= nil
end

-- Client methods take self from 0.11 on (client:stop()); before, they are
-- closures called with a dot.
local method_style = vim.fn.has('nvim-0.11') == 1

local function call(client, method, ...)
  if method_style then
    return client[method](client, ...)
  end
  return client[method](...)
end

local function get_clients()
  if vim.lsp.get_clients then
    return vim.lsp.get_clients({ name = M.name })
  end
  local out = {}
  for _, client in pairs(vim.lsp.get_active_clients()) do
    if client.name == M.name then
      table.insert(out, client)
    end
  end
  return out
end

-- 0.7 has no vim.lsp.start: one client per root, started by hand.
local clients_by_root = {}
local missing_reported = false

local function client_config(cfg, root)
  local out = {}
  for k, v in pairs(cfg) do
    if k ~= 'filetypes' and k ~= 'root_markers' and k ~= 'root_dir' and k ~= 'workspace_required' then
      out[k] = v
    end
  end
  out.name = M.name
  out.root_dir = root
  out.workspace_folders = { { uri = vim.uri_from_fname(root), name = root } }
  return out
end

--- Starts (or reuses) the client for a buffer when it is an Osmosis config.
--- Used by the pre-0.11 autocommand and by :OsmosisLintRestart.
---@param bufnr integer
function M.attach(bufnr)
  local cfg = M.config or M.default_config()
  local root = M.root_for(buf_path(bufnr), cfg.root_markers)
  if root == nil or not vim.tbl_contains(cfg.filetypes, vim.bo[bufnr].filetype) then
    return
  end
  if not executable(cfg.cmd[1]) then
    if not missing_reported then
      missing_reported = true
      vim.notify(
        ('osmosis-lint: %s is not executable; install it with `pip install osmosis-lint` (or `uv tool install osmosis-lint`; before a release, `go install ./cmd/osmosis-lint` in a clone of osmosis-lint) or pass cmd to setup(); :checkhealth osmosis_lint says more'):format(
          cfg.cmd[1]
        ),
        vim.log.levels.WARN
      )
    end
    return
  end
  local conf = client_config(cfg, root)
  if vim.lsp.start then
    vim.lsp.start(conf, { bufnr = bufnr })
    return
  end
  local id = clients_by_root[root]
  local client = id and vim.lsp.get_client_by_id(id)
  if client == nil or call(client, 'is_stopped') then
    id = vim.lsp.start_client(conf)
    clients_by_root[root] = id
  end
  if id then
    vim.lsp.buf_attach_client(bufnr, id)
  end
end

--- Stops the running clients and starts them again for the buffers they had.
function M.restart()
  local buffers = {}
  local running = get_clients()
  for _, client in ipairs(running) do
    for bufnr in pairs(client.attached_buffers or {}) do
      table.insert(buffers, bufnr)
    end
    call(client, 'stop')
  end
  clients_by_root = {}
  vim.wait(3000, function()
    for _, client in ipairs(running) do
      if not call(client, 'is_stopped') then
        return false
      end
    end
    return true
  end, 50)
  missing_reported = false
  for _, bufnr in ipairs(buffers) do
    if vim.api.nvim_buf_is_valid(bufnr) then
      M.attach(bufnr)
    end
  end
end

local commands_defined = false

local function define_commands()
  if commands_defined then
    return
  end
  commands_defined = true
  vim.api.nvim_create_user_command('OsmosisLintRestart', function()
    M.restart()
  end, { desc = 'Restart the osmosis-lint language server' })
end

--- Registers the server. Options are those of vim.lsp.Config (`cmd`,
--- `settings`, `init_options`, `capabilities`, `on_attach`, `handlers`,
--- `filetypes`, `root_markers`, ...); `cmd` may also be a path to the binary.
---@param opts table|nil
function M.setup(opts)
  local cfg = merge(M.default_config(), opts)
  M.config = cfg
  define_commands()

  if has_native_config() then
    vim.lsp.config(M.name, cfg)
    vim.lsp.enable(M.name)
    return
  end

  local group = vim.api.nvim_create_augroup('osmosis_lint', { clear = true })
  vim.api.nvim_create_autocmd('FileType', {
    group = group,
    pattern = cfg.filetypes,
    callback = function(args)
      M.attach(args.buf)
    end,
    desc = 'Start the osmosis-lint language server for Osmosis configs',
  })
  -- Buffers opened before setup() ran.
  for _, bufnr in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(bufnr) and vim.tbl_contains(cfg.filetypes, vim.bo[bufnr].filetype) then
      M.attach(bufnr)
    end
  end
end

return M
