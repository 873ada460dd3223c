# Official uv standalone installer for Windows, pinned to a release.
# Run only after the user agreed.
$UvVersion = "0.4.30"
$answer = Read-Host "Download and run https://astral.sh/uv/$UvVersion/install.ps1 ? [y/N]"
if ($answer -notin @("y", "Y")) { Write-Host "aborted"; exit 1 }
irm "https://astral.sh/uv/$UvVersion/install.ps1" | iex
uv --version
