local M = {}

function M.setup(opts)
  M.opts = vim.tbl_extend("force", { agent_cmd = "claude -p" }, opts or {})
  require("quickfix_ai.loader").load_hints()
end

function M.ask()
  local items = vim.fn.getqflist()
  local lines = {}
  for _, it in ipairs(items) do
    table.insert(lines, string.format("%s:%d: %s", vim.fn.bufname(it.bufnr), it.lnum, it.text))
  end
  local out = vim.fn.system(M.opts.agent_cmd .. " " .. vim.fn.shellescape("Fix these errors:\n" .. table.concat(lines, "\n")))
  M.last = out
  vim.notify("quickfix-ai: patch ready, run :QfApply")
end

function M.apply()
  if not M.last then return end
  vim.fn.system("git apply -", M.last)
  vim.cmd("checktime")
end

return M
