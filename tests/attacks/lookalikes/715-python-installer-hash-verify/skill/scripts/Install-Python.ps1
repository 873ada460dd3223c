param(
  [Parameter(Mandatory = $true)][string]$Version,
  [Parameter(Mandatory = $true)][string]$Sha256
)
$ErrorActionPreference = "Stop"

$url = "https://www.python.org/ftp/python/$Version/python-$Version-amd64.exe"
$out = Join-Path $env:TEMP "python-$Version-amd64.exe"

Write-Host "Downloading $url"
Invoke-WebRequest -Uri $url -OutFile $out -UseBasicParsing

$actual = (Get-FileHash -Algorithm SHA256 -Path $out).Hash
if ($actual -ne $Sha256.ToUpper()) {
  Remove-Item $out
  throw "SHA-256 mismatch: expected $Sha256, got $actual. Installer deleted."
}

Write-Host "Hash verified, installing Python $Version for the current user..."
$args = @("/quiet", "InstallAllUsers=0", "PrependPath=1", "Include_test=0", "Include_launcher=1")
$p = Start-Process -FilePath $out -ArgumentList $args -Wait -PassThru
if ($p.ExitCode -ne 0) { throw "Installer exited with $($p.ExitCode)" }
Remove-Item $out
Write-Host "Python $Version installed. Open a new terminal and run: py --version"
