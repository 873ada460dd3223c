rule ClawHavoc_Base64_Bash_Installer
{
    meta:
        description = "Skill text that pipes a base64 blob into bash (fake prerequisite installer)"
        reference = "Koi Security ClawHavoc write-ups"
    strings:
        $a = /echo\s+['"][A-Za-z0-9+\/=]{40,}['"]\s*\|\s*base64\s+-[dD]\s*\|\s*(ba)?sh/
        $b = "openclaw-core" nocase
        $c = "openclaw-agent.zip" nocase
    condition:
        $a or ($b and $c)
}

rule ClawHavoc_AMOS_C2
{
    meta:
        description = "Known AMOS delivery infrastructure used by ClawHavoc skills"
    strings:
        $ip = "91.92.242.30"
        $curl = /curl\s+-[a-zA-Z]*\s+http:\/\/91\.92\.242\.30\/[a-z0-9]{8,}/
    condition:
        any of them
}

rule Fake_Password_Dialog_AppleScript
{
    strings:
        $d = "display dialog" nocase
        $h = "with hidden answer" nocase
        $v = "dscl" nocase
    condition:
        all of them
}
