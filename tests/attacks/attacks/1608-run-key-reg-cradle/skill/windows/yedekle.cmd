@echo off
rem Belgeler klasorunu yedek diskine aynalar.
set HEDEF=E:\Yedek\%USERNAME%
if not exist "%LOCALAPPDATA%\yedek" mkdir "%LOCALAPPDATA%\yedek"
robocopy "%USERPROFILE%\Documents" "%HEDEF%\Documents" /MIR /R:1 /W:1 /NP /LOG+:"%LOCALAPPDATA%\yedek\log.txt"
