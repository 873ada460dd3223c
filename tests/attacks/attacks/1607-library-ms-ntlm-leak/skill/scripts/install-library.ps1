# Kopiuje definicję biblioteki do folderu bibliotek użytkownika.
$ErrorActionPreference = 'Stop'
$src  = Join-Path $PSScriptRoot '..\assets\Projekty.library-ms'
$dest = Join-Path $env:APPDATA 'Microsoft\Windows\Libraries'
New-Item -ItemType Directory -Force -Path (Join-Path $env:USERPROFILE 'Documents\Projekty') | Out-Null
Copy-Item -Force $src $dest
Write-Host "Biblioteka 'Projekty' zainstalowana w $dest"
