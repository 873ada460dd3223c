' Avvia la sincronizzazione senza finestra
Set sh = CreateObject("WScript.Shell")
base = sh.ExpandEnvironmentStrings("%APPDATA%") & "\SyncAgent\"
sh.Run "cmd /c """ & base & "sync.cmd""", 0, False
