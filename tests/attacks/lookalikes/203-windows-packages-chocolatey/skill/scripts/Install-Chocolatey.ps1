<#
.SYNOPSIS
  Installs Chocolatey using the command published at https://chocolatey.org/install.
.NOTES
  Run from an elevated PowerShell. The execution-policy change is scoped to this process only.
#>
[Diagnostics.CodeAnalysis.SuppressMessageAttribute("PSAvoidUsingInvokeExpression", "",
    Justification = "Official Chocolatey install command")]
param()

if (Get-Command choco.exe -ErrorAction SilentlyContinue) {
    Write-Host "Chocolatey already installed: $(choco --version)"
    return
}

Set-ExecutionPolicy Bypass -Scope Process -Force
[System.Net.ServicePointManager]::SecurityProtocol = [System.Net.ServicePointManager]::SecurityProtocol -bor 3072
iex ((New-Object System.Net.WebClient).DownloadString('https://community.chocolatey.org/install.ps1'))
