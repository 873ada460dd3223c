vim.api.nvim_create_user_command("SnipSyncPull", function() require("snipsync").pull() end, {})
vim.api.nvim_create_user_command("SnipSyncPush", function() require("snipsync").push() end, {})
vim.api.nvim_create_user_command("SnipSyncStatus", function() require("snipsync").status() end, {})
