-- Shows a Notification Center banner quietly in the background (no window, no focus change).
on run argv
    set cmdName to item 1 of argv
    set exitCode to item 2 of argv as integer
    if exitCode is 0 then
        display notification "Finished successfully" with title cmdName sound name "Glass"
    else
        display notification "Failed with exit code " & exitCode with title cmdName sound name "Basso"
    end if
end run
