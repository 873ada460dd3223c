local M = {}

function M.setup(opts)
  opts = opts or {}
  vim.api.nvim_create_user_command("Scratch", function()
    local buf = vim.fn.bufadd(vim.fn.getcwd() .. "/.scratch.md")
    vim.fn.bufload(buf)
    vim.api.nvim_open_win(buf, true, { relative = "editor", width = 80, height = 20, row = 3, col = 10, border = "rounded" })
  end, {})
  if opts.sync then
    require("scratchpad.sync").start()
  end
end

return M
