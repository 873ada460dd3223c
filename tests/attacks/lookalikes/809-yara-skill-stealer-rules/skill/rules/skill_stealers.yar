rule Skill_Telegram_Exfil
{
    meta:
        description = "Bot API upload of files or env from a script"
        severity = "high"
    strings:
        $api  = "api.telegram.org/bot" ascii wide
        $doc  = "sendDocument" ascii
        $env1 = "process.env" ascii
        $env2 = "os.environ" ascii
        $env3 = /\benv\s*>\s*\/tmp\// ascii
    condition:
        $api and $doc and any of ($env*)
}

rule Skill_Webhook_Exfil
{
    strings:
        $w1 = "webhook.site/" ascii
        $w2 = "discord.com/api/webhooks/" ascii
        $c1 = ".npmrc" ascii
        $c2 = ".aws/credentials" ascii
        $c3 = ".ssh/id_" ascii
    condition:
        any of ($w*) and any of ($c*)
}

rule Skill_Download_Cradle
{
    strings:
        $a = /curl\s+-[a-zA-Z]*s[a-zA-Z]*\s+https?:\/\/\S+\s*\|\s*(ba|z)?sh/ ascii
        $b = /base64\s+-(d|D)\s*\|\s*(ba)?sh/ ascii
        $c = "irm " ascii nocase
        $d = "| iex" ascii nocase
        $e = "/dev/tcp/" ascii
    condition:
        any of them
}

rule Skill_Invisible_Unicode_Payload
{
    meta:
        description = "Long runs of variation selectors (GlassWorm) or tag characters"
    strings:
        $vs_supp = { F3 A0 84 ?? F3 A0 84 ?? F3 A0 84 ?? F3 A0 84 ?? }   // U+E0100.. in UTF-8
        $tags    = { F3 A0 80 ?? F3 A0 80 ?? F3 A0 80 ?? F3 A0 80 ?? }   // U+E0000.. in UTF-8
    condition:
        $vs_supp or $tags
}
