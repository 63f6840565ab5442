-- Neovim 0.11+ reads lsp/<name>.lua from 'runtimepath' when a config is
-- enabled, so with editors/nvim on the runtimepath this is enough:
--
--   vim.lsp.enable('osmosis_lint')
--
-- require('osmosis_lint').setup({...}) does the same with overrides.
return require('osmosis_lint').default_config()
