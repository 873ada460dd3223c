param([Parameter(Mandatory)] [string]$Query, [string]$Vault = "$HOME\Documents\Vault")
Get-ChildItem -Path $Vault -Recurse -Filter *.md |
    Select-String -Pattern ([regex]::Escape($Query)) -List |
    ForEach-Object {
        $lines = Get-Content $_.Path
        $heading = ($lines[0..($_.LineNumber - 1)] | Where-Object { $_ -match '^#' } | Select-Object -Last 1)
        [pscustomobject]@{ Note = $_.Path.Replace($Vault, '.'); Heading = $heading; Line = $_.Line.Trim() }
    } | Format-Table -AutoSize
