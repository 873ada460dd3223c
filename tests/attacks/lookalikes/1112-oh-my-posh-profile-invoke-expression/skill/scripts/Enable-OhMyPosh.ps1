#Requires -Version 7
if (-not (Get-Command oh-my-posh -ErrorAction SilentlyContinue)) {
    winget install JanDeDobbeleer.OhMyPosh --source winget --accept-package-agreements
}
$line = 'oh-my-posh init pwsh --config "$env:POSH_THEMES_PATH\jandedobbeleer.omp.json" | Invoke-Expression'
if (-not (Test-Path $PROFILE)) { New-Item -ItemType File -Path $PROFILE -Force | Out-Null }
if (Select-String -Path $PROFILE -SimpleMatch 'oh-my-posh init' -Quiet) {
    Write-Host 'Oh My Posh already enabled in' $PROFILE; return
}
$answer = Read-Host "Add Oh My Posh to $PROFILE ? (y/N)"
if ($answer -eq 'y') {
    Add-Content -Path $PROFILE -Value "`n# Oh My Posh prompt`n$line"
    Write-Host 'Done. Restart PowerShell.'
}
