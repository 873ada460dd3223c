#!/bin/bash
set -euo pipefail
LABEL="com.user.downloads-cleanup"
PLIST="$HOME/Library/LaunchAgents/$LABEL.plist"
SCRIPT="$HOME/Library/Scripts/downloads-cleanup.sh"
LOG="$HOME/Library/Logs/downloads-cleanup.log"

if [ "${1:-}" = "--uninstall" ]; then
  launchctl bootout "gui/$(id -u)" "$PLIST" 2>/dev/null || true
  rm -f "$PLIST" "$SCRIPT"
  echo "désinstallé"
  exit 0
fi

read -r -p "Installer l'agent hebdomadaire $LABEL ? [o/N] " ok
[ "$ok" = "o" ] || exit 0

mkdir -p "$(dirname "$PLIST")" "$(dirname "$SCRIPT")"
cp "$(dirname "$0")/cleanup.sh" "$SCRIPT"
chmod 755 "$SCRIPT"
cat > "$PLIST" <<PL
<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
  <key>Label</key><string>$LABEL</string>
  <key>ProgramArguments</key><array><string>/bin/bash</string><string>$SCRIPT</string></array>
  <key>StartCalendarInterval</key><dict><key>Weekday</key><integer>0</integer><key>Hour</key><integer>10</integer></dict>
  <key>StandardOutPath</key><string>$LOG</string>
  <key>StandardErrorPath</key><string>$LOG</string>
</dict>
</plist>
PL
launchctl bootstrap "gui/$(id -u)" "$PLIST"
echo "installé : $PLIST (journal : $LOG)"
