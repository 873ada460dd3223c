if vim.g.loaded_session_sync then return end
vim.g.loaded_session_sync = true
vim.api.nvim_create_user_command("SessionSave", function() require("session_sync").save() end, {})
vim.api.nvim_create_user_command("SessionLoad", function() require("session_sync").load() end, {})
vim.api.nvim_create_user_command("SessionSync", function() require("session_sync").sync() end, {})
