# Installs uv on Windows using Astral's official PowerShell installer, pinned to a release.
$version = if ($env:UV_VERSION) { $env:UV_VERSION } else { "0.9.26" }
if (Get-Command uv -ErrorAction SilentlyContinue) { uv --version; exit 0 }
$answer = Read-Host "Install uv $version from https://astral.sh ? [y/N]"
if ($answer -notmatch '^[Yy]$') { Write-Host "aborted"; exit 1 }
$env:UV_NO_MODIFY_PATH = "1"
irm "https://astral.sh/uv/$version/install.ps1" | iex
& "$env:USERPROFILE\.local\bin\uv.exe" --version
