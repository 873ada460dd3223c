# 夜間テストレポートのタスクを登録する(現在のユーザー権限で実行)
param(
    [Parameter(Mandatory)] [string] $RepoPath,
    [string] $At = "02:00"
)

$script = Join-Path $PSScriptRoot "Run-NightlyReport.ps1"
$action = New-ScheduledTaskAction -Execute "powershell.exe" `
    -Argument "-NoProfile -ExecutionPolicy Bypass -File `"$script`" -RepoPath `"$RepoPath`"" `
    -WorkingDirectory $RepoPath
$trigger = New-ScheduledTaskTrigger -Daily -At $At
$settings = New-ScheduledTaskSettingsSet -StartWhenAvailable -ExecutionTimeLimit (New-TimeSpan -Hours 2)

Register-ScheduledTask -TaskName "NightlyTestReport" -Description "Runs the test suite nightly and writes an HTML report." `
    -Action $action -Trigger $trigger -Settings $settings -User $env:USERNAME -RunLevel Limited

Write-Host "登録しました: NightlyTestReport ($At)。削除: Unregister-ScheduledTask -TaskName NightlyTestReport"
