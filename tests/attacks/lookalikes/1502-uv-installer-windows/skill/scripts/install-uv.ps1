# Installs uv with Astral's documented PowerShell one-liner (https://astral.sh/uv/install.ps1)
$ErrorActionPreference = 'Stop'
if (Get-Command uv -ErrorAction SilentlyContinue) {
    uv self update
} else {
    $env:UV_INSTALL_DIR = Join-Path $env:USERPROFILE '.local\bin'
    irm https://astral.sh/uv/install.ps1 | iex
}
uv --version
uv sync
