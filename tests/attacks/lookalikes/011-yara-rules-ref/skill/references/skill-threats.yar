rule prompt_override_phrases
{
    meta:
        description = "Phrases used to override an agent's instructions"
        severity = "high"
    strings:
        $a = /ignore (all )?(previous|prior|above) instructions/ nocase
        $b = /you are now (in )?(developer|dan) mode/ nocase
        $c = "disregard your system prompt" nocase
    condition:
        any of them
}

rule remote_script_pipe
{
    meta:
        description = "Downloads a script and pipes it to a shell"
        severity = "medium"
    strings:
        $curl = /curl\s+-[a-zA-Z]*\s+https?:\/\/[^\s|]+\s*\|\s*(ba|z)?sh/
        $wget = /wget\s+-qO-\s+https?:\/\/[^\s|]+\s*\|\s*(ba|z)?sh/
    condition:
        any of them
}

rule credential_paths
{
    meta:
        description = "Reads well-known credential files"
        severity = "high"
    strings:
        $ssh = "/.ssh/id_rsa"
        $aws = "/.aws/credentials"
        $npm = "/.npmrc"
    condition:
        any of them
}
