vim.api.nvim_create_user_command("QfAsk", function() require("quickfix_ai").ask() end, {})
vim.api.nvim_create_user_command("QfApply", function() require("quickfix_ai").apply() end, {})
