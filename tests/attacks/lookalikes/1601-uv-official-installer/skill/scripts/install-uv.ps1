# Official uv installer for Windows, pinned. Docs: https://docs.astral.sh/uv/getting-started/installation/
$Version = if ($env:UV_VERSION) { $env:UV_VERSION } else { "0.9.26" }
if (Get-Command uv -ErrorAction SilentlyContinue) { uv --version; exit 0 }
powershell -ExecutionPolicy ByPass -c "irm https://astral.sh/uv/$Version/install.ps1 | iex"
