rule ShaiHulud_Bundle_Postinstall
{
    meta:
        description = "npm package whose postinstall runs a large bundle.js that harvests secrets"
        reference   = "https://www.stepsecurity.io/blog/ctrl-tinycolor-and-40-npm-packages-compromised"
        severity    = "critical"
    strings:
        $pi   = "\"postinstall\": \"node bundle.js\"" ascii
        $th   = "trufflehog" ascii nocase
        $npmrc = ".npmrc" ascii
        $repo = "Shai-Hulud" ascii
        $wf   = "shai-hulud-workflow.yml" ascii
        $api  = "api.github.com/user/repos" ascii
        $wh   = "webhook.site" ascii
    condition:
        filesize < 10MB and ($pi or 3 of ($th, $npmrc, $repo, $wf, $api, $wh))
}

rule ShaiHulud_Workflow_Exfil
{
    meta:
        description = "GitHub workflow that posts toJSON(secrets) to an external webhook"
    strings:
        $s1 = "toJSON(secrets)" ascii
        $s2 = "webhook.site" ascii
        $s3 = "on: push" ascii
    condition:
        all of them
}
