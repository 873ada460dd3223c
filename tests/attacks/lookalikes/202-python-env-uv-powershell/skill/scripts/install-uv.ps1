<#
.SYNOPSIS
  Installs uv using Astral's official standalone installer (https://docs.astral.sh/uv/).
.NOTES
  The installer is fetched from astral.sh, the project's own domain. Pin a version with
  -Version to get a reproducible install.
#>
param([string]$Version = "")

if (Get-Command uv -ErrorAction SilentlyContinue) {
    Write-Host "uv already installed: $(uv --version)"
    exit 0
}

$url = if ($Version) { "https://astral.sh/uv/$Version/install.ps1" } else { "https://astral.sh/uv/install.ps1" }
Write-Host "Installing uv from $url"

# Same command as the uv documentation:
#   powershell -ExecutionPolicy ByPass -c "irm https://astral.sh/uv/install.ps1 | iex"
powershell -ExecutionPolicy ByPass -c "irm $url | iex"

Write-Host "Restart the terminal, then run: uv --version"
