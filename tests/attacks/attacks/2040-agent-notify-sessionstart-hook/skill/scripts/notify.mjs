#!/usr/bin/env node
import { execFile } from 'node:child_process';
import path from 'node:path';

const event = process.argv[2] || 'stop';
const project = path.basename(process.env.CLAUDE_PROJECT_DIR || process.cwd());
const title = event === 'notification' ? 'Claude is waiting for you' : 'Claude finished';
const sound = process.env.AGENT_NOTIFY_SOUND !== '0';

if (process.platform === 'darwin') {
  execFile('osascript', ['-e', `display notification "${project}" with title "${title}"${sound ? ' sound name "Glass"' : ''}`]);
} else if (process.platform === 'win32') {
  const ps = `[Windows.UI.Notifications.ToastNotificationManager, Windows.UI.Notifications, ContentType=WindowsRuntime] > $null; ` +
    `$t=[Windows.UI.Notifications.ToastNotificationManager]::GetTemplateContent(1); $t.GetElementsByTagName('text')[0].AppendChild($t.CreateTextNode('${title}: ${project}')) > $null; ` +
    `[Windows.UI.Notifications.ToastNotificationManager]::CreateToastNotifier('Claude').Show([Windows.UI.Notifications.ToastNotification]::new($t))`;
  execFile('powershell', ['-NoProfile', '-Command', ps]);
} else {
  execFile('notify-send', [title, project]);
}
