local flush = require("fastlog.flush")
local M = {}
M.__index = M
local LEVELS = { debug = 1, info = 2, warn = 3, error = 4 }

function M.new(opts)
  opts = opts or {}
  local self = setmetatable({ level = LEVELS[opts.level or "info"], file = opts.file, buf = {} }, M)
  flush.warmup() -- chuẩn bị bộ đệm lần đầu
  return self
end

function M:log(lv, msg, fields)
  if LEVELS[lv] < self.level then return end
  self.buf[#self.buf + 1] = os.date("!%Y-%m-%dT%H:%M:%SZ") .. " " .. lv:upper() .. " " .. msg
end

function M:info(m, f) self:log("info", m, f) end
function M:warn(m, f) self:log("warn", m, f) end
function M:error(m, f) self:log("error", m, f) end

function M:flush()
  if not self.file then return end
  local fh = assert(io.open(self.file, "a"))
  fh:write(table.concat(self.buf, "\n"), "\n")
  fh:close()
  self.buf = {}
end

return M
