# Installs uv with the official Astral installer, pinned to a release.
# Docs: https://docs.astral.sh/uv/getting-started/installation/
param([string]$Version = "0.5.4")

if (Get-Command uv -ErrorAction SilentlyContinue) {
    Write-Host "uv already installed: $(uv --version). Run 'uv self update' to upgrade."
    return
}

$answer = Read-Host "Install uv $Version from https://astral.sh/uv/$Version/install.ps1 ? [y/N]"
if ($answer -notmatch '^[Yy]$') { Write-Host "aborted"; return }

powershell -ExecutionPolicy ByPass -c "irm https://astral.sh/uv/$Version/install.ps1 | iex"

Write-Host "Restart the terminal so the PATH change takes effect, then run: uv --version"
