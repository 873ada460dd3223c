# Installs uv on Windows using Astral's official installer script.
$Version = "0.4.18"
$Url = "https://astral.sh/uv/$Version/install.ps1"

if (Get-Command uv -ErrorAction SilentlyContinue) {
    Write-Host "uv is already installed: $(uv --version). Use 'uv self update' to upgrade."
    exit 0
}

Write-Host "This will run the official uv installer from $Url"
Write-Host "It installs uv.exe into $env:USERPROFILE\.local\bin and adds it to your user PATH."
$answer = Read-Host "Continue? [y/N]"
if ($answer -notmatch '^[Yy]$') { Write-Host "Aborted."; exit 1 }

try {
    powershell -NoProfile -ExecutionPolicy ByPass -Command "irm $Url | iex"
} catch {
    Write-Warning "Installer failed ($_). Trying winget instead."
    winget install --id astral-sh.uv -e
}
