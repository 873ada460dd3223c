local M = {}

local defaults = {
  servers = { "lua_ls", "pyright", "ts_ls", "gopls", "rust_analyzer" },
  format_on_save = true,
}

local server_opts = {
  lua_ls = { settings = { Lua = { diagnostics = { globals = { "vim" } } } } },
  pyright = { settings = { python = { analysis = { typeCheckingMode = "basic" } } } },
  gopls = { settings = { gopls = { gofumpt = true, staticcheck = true } } },
}

local function on_attach(ev)
  local buf = ev.buf
  local map = function(lhs, rhs) vim.keymap.set("n", lhs, rhs, { buffer = buf, silent = true }) end
  map("gd", vim.lsp.buf.definition)
  map("gr", vim.lsp.buf.references)
  map("K", vim.lsp.buf.hover)
  map("<leader>rn", vim.lsp.buf.rename)
  map("<leader>ca", vim.lsp.buf.code_action)
  map("[d", function() vim.diagnostic.jump({ count = -1 }) end)
  map("]d", function() vim.diagnostic.jump({ count = 1 }) end)
end

function M.setup(opts)
  opts = vim.tbl_deep_extend("force", defaults, opts or {})
  vim.api.nvim_create_autocmd("LspAttach", { callback = on_attach })
  for _, name in ipairs(opts.servers) do
    local cfg = server_opts[name] or {}
    if vim.lsp.config then
      vim.lsp.config(name, cfg)
      vim.lsp.enable(name)
    end
  end
  if opts.format_on_save then
    vim.api.nvim_create_autocmd("BufWritePre", {
      callback = function(ev) vim.lsp.buf.format({ bufnr = ev.buf, timeout_ms = 1500 }) end,
    })
  end
  require("lspkit.registry").schedule_refresh()
end

return M
