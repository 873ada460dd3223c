/*
  Detection rules for invisible-Unicode loaders in editor extensions (GlassWorm-style).
  U+FE00..U+FE0F  -> UTF-8 EF B8 80..EF B8 8F
  U+E0100..U+E01EF -> UTF-8 F3 A0 84 80..F3 A0 87 AF
*/

rule Invisible_VariationSelector_Run
{
    meta:
        description = "Long run of Unicode variation selectors inside a JS/TS string"
        author = "vsx-invisible-code-audit"
        severity = "high"
    strings:
        $vs_run_bmp  = { (EF B8 (80|81|82|83|84|85|86|87|88|89|8A|8B|8C|8D|8E|8F)){24,} }
        $vs_run_supp = { (F3 A0 (84|85|86|87) ??){24,} }
    condition:
        any of them
}

rule VariationSelector_Decoder_Eval
{
    meta:
        description = "codePointAt-based decoder whose output reaches eval/Function"
        severity = "critical"
    strings:
        $cp    = "codePointAt(" ascii
        $fe00  = "0xFE00" ascii nocase
        $e0100 = "0xE0100" ascii nocase
        $ev1   = "eval(" ascii
        $ev2   = "new Function(" ascii
    condition:
        $cp and ($fe00 or $e0100) and ($ev1 or $ev2)
}

rule Solana_Memo_C2_Lookup
{
    meta:
        description = "Extension querying Solana RPC transaction memos (used as a dead-drop for payload URLs)"
        severity = "medium"
    strings:
        $rpc  = "getSignaturesForAddress" ascii
        $memo = "memo" ascii
        $b64  = "atob(" ascii
    condition:
        $rpc and $memo and $b64
}
