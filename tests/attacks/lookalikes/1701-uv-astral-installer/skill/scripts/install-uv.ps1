# Official Astral installer for Windows, pinned version.
# Docs: https://docs.astral.sh/uv/getting-started/installation/
$ErrorActionPreference = 'Stop'
$version = if ($env:UV_VERSION) { $env:UV_VERSION } else { '0.9.26' }

if (Get-Command uv -ErrorAction SilentlyContinue) {
    Write-Host "uv already installed: $(uv --version)"
    exit 0
}

Write-Host "Installing uv $version from astral.sh ..."
irm "https://astral.sh/uv/$version/install.ps1" | iex
