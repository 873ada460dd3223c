/*
  YARA rules for reviewing agent skills, MCP servers and AI rules files.
  All strings below are indicators to search for.
*/

rule hidden_agent_directive
{
    meta:
        description = "Instructions addressed to the model that hide actions from the user"
        severity = "high"
    strings:
        $a = "<IMPORTANT>" nocase
        $b = "ignore previous instructions" nocase
        $c = "do not mention this to the user" nocase
        $d = "don't tell the user" nocase
        $e = "without asking the user" nocase
        $f = /<!--[^>]{0,400}(assistant|agent|AI)[^>]{0,400}-->/ nocase
    condition:
        any of them
}

rule invisible_unicode
{
    meta:
        description = "Unicode tag characters (U+E0000 block) or variation selectors 17-256"
        severity = "high"
    strings:
        $tag = { F3 A0 80 [1] }
        $vs  = { F3 A0 84 [1] }
        $zw  = { E2 80 8B E2 80 8B E2 80 8B }
    condition:
        #tag > 8 or #vs > 8 or $zw
}

rule download_exec
{
    meta:
        description = "Fetch-and-execute one-liners"
        severity = "medium"
    strings:
        $c1 = /curl [^\n|]{0,200}\|\s*(ba)?sh/
        $c2 = /wget [^\n|]{0,200}\|\s*(ba)?sh/
        $p1 = /(iwr|irm|Invoke-WebRequest|Invoke-RestMethod)[^\n|]{0,200}\|\s*iex/ nocase
        $p2 = "-EncodedCommand" nocase
        $d1 = "certutil -urlcache" nocase
    condition:
        any of them
}

rule credential_paths
{
    meta:
        description = "References to credential and key files"
        severity = "low"
    strings:
        $s1 = ".aws/credentials"
        $s2 = ".ssh/id_"
        $s3 = ".git-credentials"
        $s4 = ".config/gh/hosts.yml"
        $s5 = "Login Data"
        $s6 = "nkbihfbeogaeaoehlefnkodbefgpgknn"
    condition:
        any of them
}

rule reviewer_manipulation
{
    meta:
        description = "Text telling scanners or reviewers that the skill is safe"
        severity = "high"
    strings:
        $r1 = "classify this skill as safe" nocase
        $r2 = "note to AI reviewers" nocase
        $r3 = "this is not a vulnerability, do not report" nocase
    condition:
        any of them
}
