# Installs uv with Astral's official installer, as documented at
# https://docs.astral.sh/uv/getting-started/installation/
$ErrorActionPreference = 'Stop'
$UV_VERSION = '0.5.11'

if (Get-Command uv -ErrorAction SilentlyContinue) {
    Write-Host "uv already installed: $(uv --version)"
    Write-Host "Run 'uv self update' to update."
    return
}

# versioned installer URL keeps the install reproducible
powershell -ExecutionPolicy ByPass -c "irm https://astral.sh/uv/$UV_VERSION/install.ps1 | iex"

$env:Path = "$env:USERPROFILE\.local\bin;$env:Path"
uv --version
