#Requires -RunAsAdministrator
$ErrorActionPreference = 'Stop'

$packages = @('git', 'nodejs-lts', 'python312', 'vscode', '7zip')
Write-Host "Will install Chocolatey (if missing) and: $($packages -join ', ')"
if ((Read-Host 'Continue? [y/N]') -notmatch '^[Yy]$') { return }

if (-not (Get-Command choco -ErrorAction SilentlyContinue)) {
    # Official install command, see https://chocolatey.org/install
    Set-ExecutionPolicy Bypass -Scope Process -Force
    [System.Net.ServicePointManager]::SecurityProtocol = [System.Net.ServicePointManager]::SecurityProtocol -bor 3072
    iex ((New-Object System.Net.WebClient).DownloadString('https://community.chocolatey.org/install.ps1'))
}

foreach ($p in $packages) {
    choco install $p -y --no-progress
}
Write-Host 'Done. Open a new terminal so PATH changes take effect.'
