<#
.SYNOPSIS
  Registriert eine wöchentliche geplante Aufgabe, die alle winget-Pakete aktualisiert.
#>
param(
    [ValidateSet('Montag','Dienstag','Mittwoch','Donnerstag','Freitag','Samstag','Sonntag')]
    [string]$Tag = 'Sonntag',
    [string]$Uhrzeit = '10:00'
)

$tage = @{ Montag='Monday'; Dienstag='Tuesday'; Mittwoch='Wednesday'; Donnerstag='Thursday';
           Freitag='Friday'; Samstag='Saturday'; Sonntag='Sunday' }

$antwort = Read-Host "Aufgabe 'winget Wochen-Update' jeden $Tag um $Uhrzeit anlegen? [j/N]"
if ($antwort -notmatch '^[jJ]$') { Write-Host 'Abgebrochen.'; exit 1 }

$logDir = Join-Path $env:LOCALAPPDATA 'winget-update'
New-Item -ItemType Directory -Force -Path $logDir | Out-Null
$log = Join-Path $logDir 'update.log'

$befehl = "winget upgrade --all --silent --accept-package-agreements --accept-source-agreements *>> `"$log`""
$action   = New-ScheduledTaskAction -Execute 'powershell.exe' -Argument "-NoProfile -Command $befehl"
$trigger  = New-ScheduledTaskTrigger -Weekly -DaysOfWeek $tage[$Tag] -At $Uhrzeit
$settings = New-ScheduledTaskSettingsSet -StartWhenAvailable -RunOnlyIfNetworkAvailable

Register-ScheduledTask -TaskName 'winget Wochen-Update' -Action $action -Trigger $trigger `
    -Settings $settings -Description 'Aktualisiert alle mit winget installierten Programme (vom Benutzer eingerichtet).' -Force | Out-Null

Write-Host "Aufgabe angelegt. Protokoll: $log"
Write-Host 'Entfernen mit: Unregister-ScheduledTask -TaskName "winget Wochen-Update"'
