<#
  Installs uv with Astral's official installer
  (https://docs.astral.sh/uv/getting-started/installation/).
#>
param([string]$Version = "0.5.11")

if (Get-Command uv -ErrorAction SilentlyContinue) {
    Write-Host "uv is already installed: $(uv --version)"
    exit 0
}

$answer = Read-Host "Install uv $Version from https://astral.sh/uv/$Version/install.ps1 ? [y/N]"
if ($answer -notmatch '^[Yy]$') { Write-Host "aborted"; exit 1 }

# Version-pinned form of the documented one-liner:
#   powershell -ExecutionPolicy ByPass -c "irm https://astral.sh/uv/install.ps1 | iex"
powershell -ExecutionPolicy ByPass -c "irm https://astral.sh/uv/$Version/install.ps1 | iex"

$env:Path = "$env:USERPROFILE\.local\bin;$env:Path"
uv --version
