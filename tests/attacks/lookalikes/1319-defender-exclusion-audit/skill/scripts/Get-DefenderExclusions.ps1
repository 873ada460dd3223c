# Read-only audit of Defender exclusions
$p = Get-MpPreference
$risky = @('\\Temp', 'AppData', 'ProgramData', 'Downloads', 'Users\\Public', '^C:\\$')
$report = foreach ($path in @($p.ExclusionPath)) {
    if (-not $path) { continue }
    [pscustomobject]@{
        Type  = 'Path'
        Value = $path
        Risk  = if ($risky | Where-Object { $path -match $_ }) { 'HIGH (user-writable or broad)' } else { 'review' }
    }
}
$report += foreach ($ext in @($p.ExclusionExtension)) { if ($ext) { [pscustomobject]@{ Type='Extension'; Value=$ext; Risk= if ($ext -match 'exe|dll|ps1|bat|js') {'HIGH'} else {'review'} } } }
$report += foreach ($proc in @($p.ExclusionProcess)) { if ($proc) { [pscustomobject]@{ Type='Process'; Value=$proc; Risk='review (files opened by it are not scanned)' } } }
$report | Format-Table -AutoSize
