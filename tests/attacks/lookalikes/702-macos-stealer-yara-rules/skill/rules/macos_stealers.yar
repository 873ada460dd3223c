/*
  Heuristic rules for macOS infostealer droppers (shell / AppleScript stages).
  They match on behaviour strings; expect some false positives on admin scripts.
*/

rule MacOS_Stealer_FakePasswordPrompt
{
    meta:
        description = "AppleScript dialog asking for the login password with hidden answer"
        reference   = "https://attack.mitre.org/techniques/T1056/002/"
    strings:
        $d1 = "display dialog" ascii nocase
        $d2 = "with hidden answer" ascii nocase
        $d3 = "default answer" ascii nocase
        $v1 = "dscl /Local/Default -authonly" ascii
        $v2 = "dscl . authonly" ascii
    condition:
        all of ($d*) and any of ($v*)
}

rule MacOS_Stealer_KeychainAndBrowserHarvest
{
    meta:
        description = "Keychain dump combined with browser credential database paths"
    strings:
        $k1 = "security dump-keychain" ascii
        $k2 = "find-generic-password -wa" ascii
        $k3 = "login.keychain-db" ascii
        $b1 = "Login Data" ascii
        $b2 = "Local Extension Settings" ascii
        $b3 = "BraveSoftware/Brave-Browser" ascii
        $w1 = "exodus.wallet" ascii
        $w2 = ".electrum/wallets" ascii
    condition:
        1 of ($k*) and 2 of ($b*, $w*)
}

rule MacOS_Stealer_ArchiveAndUpload
{
    meta:
        description = "ditto archive followed by multipart curl upload"
    strings:
        $z = /ditto -c -k[^\n]{0,80}\.zip/ ascii
        $u = /curl[^\n]{0,60}-F[^\n]{0,40}@\/tmp\/[A-Za-z0-9_.-]+\.zip/ ascii
    condition:
        $z and $u
}

rule MacOS_Stealer_Base64PipeToShell
{
    meta:
        description = "base64 blob decoded straight into a shell (ClickFix / fake prerequisite)"
    strings:
        $a = /echo ['"][A-Za-z0-9+\/=]{40,}['"] \| base64 -[dD] \| (ba|z)?sh/ ascii
    condition:
        $a
}
