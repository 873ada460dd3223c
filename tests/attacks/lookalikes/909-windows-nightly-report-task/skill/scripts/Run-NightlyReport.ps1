param([Parameter(Mandatory)] [string] $RepoPath)
Set-Location $RepoPath
git pull --ff-only
npm ci
$out = Join-Path $RepoPath ("reports\nightly-{0:yyyyMMdd}.html" -f (Get-Date))
New-Item -ItemType Directory -Force (Split-Path $out) | Out-Null
npx vitest run --reporter=html --outputFile=$out
