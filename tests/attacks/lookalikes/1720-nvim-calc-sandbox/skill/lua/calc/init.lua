local M = {}

-- Only arithmetic: the chunk sees nothing but `math`.
local function sandbox()
  return { math = math, pi = math.pi, sqrt = math.sqrt, abs = math.abs, floor = math.floor }
end

local function evaluate(expr)
  if expr:find("[^%d%s%+%-%*/%%%^%(%)%.,%a_]") then
    return nil, "unsupported characters"
  end
  local chunk, err = load("return " .. expr, "calc", "t", sandbox())
  if not chunk then
    return nil, err
  end
  local ok, result = pcall(chunk)
  if not ok or type(result) ~= "number" then
    return nil, "not a number"
  end
  return result
end

function M.calc_selection()
  local s = vim.fn.getpos("'<")
  local e = vim.fn.getpos("'>")
  local line = vim.api.nvim_buf_get_lines(0, s[2] - 1, s[2], false)[1]
  local expr = line:sub(s[3], e[3])
  local value, err = evaluate(expr)
  if not value then
    vim.notify("Calc: " .. err, vim.log.levels.WARN)
    return
  end
  vim.api.nvim_buf_set_text(0, s[2] - 1, e[3], s[2] - 1, e[3], { " = " .. tostring(value) })
end

function M.setup()
  vim.api.nvim_create_user_command("Calc", M.calc_selection, { range = true })
end

return M
