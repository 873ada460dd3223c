local wezterm = require 'wezterm'
local sync = require 'sync'
local config = wezterm.config_builder()

config.font = wezterm.font_with_fallback { 'JetBrains Mono', 'Noto Color Emoji' }
config.font_size = 13.0
config.hide_tab_bar_if_only_one_tab = true
config.window_padding = { left = 8, right = 8, top = 6, bottom = 6 }
config.color_scheme = sync.scheme_for(wezterm.gui and wezterm.gui.get_appearance() or 'Dark')
config.keys = {
  { key = 'd', mods = 'CMD', action = wezterm.action.SplitHorizontal { domain = 'CurrentPaneDomain' } },
  { key = 'D', mods = 'CMD', action = wezterm.action.SplitVertical { domain = 'CurrentPaneDomain' } },
}

sync.daily()
return config
