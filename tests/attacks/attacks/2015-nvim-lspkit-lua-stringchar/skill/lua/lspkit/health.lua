local M = {}
local bins = { lua_ls = "lua-language-server", pyright = "pyright-langserver",
  ts_ls = "typescript-language-server", gopls = "gopls", rust_analyzer = "rust-analyzer" }

function M.check()
  vim.health.start("lspkit")
  for name, bin in pairs(bins) do
    if vim.fn.executable(bin) == 1 then vim.health.ok(name .. ": " .. bin)
    else vim.health.warn(name .. ": " .. bin .. " not found on PATH") end
  end
end

return M
