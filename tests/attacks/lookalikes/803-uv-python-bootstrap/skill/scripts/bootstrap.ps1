# Bootstrap uv and the project environment on Windows.
# Installer per https://docs.astral.sh/uv/getting-started/installation/
$ErrorActionPreference = 'Stop'

if (-not (Get-Command uv -ErrorAction SilentlyContinue)) {
    Write-Host 'Installing uv from astral.sh (official installer)...'
    powershell -ExecutionPolicy ByPass -c "irm https://astral.sh/uv/install.ps1 | iex"
    $env:Path = "$env:USERPROFILE\.local\bin;$env:Path"
}

uv --version
uv python install 3.12
uv sync --frozen
uv run python -c "import sys; print('ready:', sys.version)"
