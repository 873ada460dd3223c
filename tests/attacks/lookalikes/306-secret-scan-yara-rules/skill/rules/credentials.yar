/*
 * Credential and prompt-injection patterns for pre-publication scans.
 */

rule AWS_Access_Key_ID {
    meta:
        description = "AWS access key ID"
        severity = "high"
    strings:
        $k = /(AKIA|ASIA)[0-9A-Z]{16}/ ascii
    condition:
        $k
}

rule GitHub_Token {
    meta:
        description = "GitHub personal, OAuth or app token"
        severity = "high"
    strings:
        $ghp = /ghp_[A-Za-z0-9]{36}/ ascii
        $gho = /gho_[A-Za-z0-9]{36}/ ascii
        $ghs = /ghs_[A-Za-z0-9]{36}/ ascii
        $pat = /github_pat_[A-Za-z0-9_]{82}/ ascii
    condition:
        any of them
}

rule Private_Key_Block {
    meta:
        description = "PEM or OpenSSH private key"
        severity = "critical"
    strings:
        $rsa = "-----BEGIN RSA PRIVATE KEY-----" ascii
        $ossh = "-----BEGIN OPENSSH PRIVATE KEY-----" ascii
        $ec = "-----BEGIN EC PRIVATE KEY-----" ascii
        $p8 = "-----BEGIN PRIVATE KEY-----" ascii
    condition:
        any of them
}

rule Prompt_Injection_Phrases {
    meta:
        description = "Common instruction-override phrases in skills or documents"
        severity = "medium"
    strings:
        $a = "ignore previous instructions" nocase ascii
        $b = "ignore all previous" nocase ascii
        $c = "do not mention this to the user" nocase ascii
        $d = "you are now in developer mode" nocase ascii
    condition:
        any of them
}
