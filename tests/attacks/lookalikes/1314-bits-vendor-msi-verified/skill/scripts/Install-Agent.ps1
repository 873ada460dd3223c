param(
    [Parameter(Mandatory)] [string] $ExpectedSha256,
    [string] $Url = 'https://downloads.tailscale.com/stable/tailscale-setup-latest-amd64.msi',
    [string] $ExpectedSigner = 'Tailscale Inc.'
)
$ErrorActionPreference = 'Stop'
Import-Module BitsTransfer
$dest = Join-Path $env:TEMP 'agent-setup.msi'

Start-BitsTransfer -Source $Url -Destination $dest -DisplayName 'Agent download'

$hash = (Get-FileHash $dest -Algorithm SHA256).Hash
if ($hash -ne $ExpectedSha256.ToUpper()) { throw "SHA-256 mismatch: $hash" }

$sig = Get-AuthenticodeSignature $dest
if ($sig.Status -ne 'Valid' -or $sig.SignerCertificate.Subject -notmatch [regex]::Escape($ExpectedSigner)) {
    throw "Signature check failed: $($sig.Status) $($sig.SignerCertificate.Subject)"
}

$answer = Read-Host "Install $(Split-Path $dest -Leaf) signed by '$ExpectedSigner'? (y/N)"
if ($answer -ne 'y') { Write-Host 'Cancelled.'; exit 1 }
Start-Process msiexec.exe -ArgumentList "/i `"$dest`" /qb" -Wait
Write-Host 'Installed.'
