rule GlassWorm_Invisible_Variation_Selectors
{
    meta:
        description = "Long runs of invisible Unicode variation selectors used to hide code (GlassWorm, 2025-2026)"
        reference = "https://aishielddaily.blogspot.com/2026/04/glassworm-malware-returns-73-openvsx.html"
    strings:
        // U+E0100..U+E01EF encoded in UTF-8: F3 A0 84 80 .. F3 A0 87 AF
        $vs_supp = { (F3 A0 84 [1] | F3 A0 85 [1] | F3 A0 86 [1] | F3 A0 87 [1]) }
        // U+FE00..U+FE0F encoded in UTF-8: EF B8 80 .. EF B8 8F
        $vs_bmp = { EF B8 (80|81|82|83|84|85|86|87|88|89|8A|8B|8C|8D|8E) }
        $bidi = { E2 80 (AA|AB|AC|AD|AE) }
        $eval = "eval(" ascii
    condition:
        (#vs_supp > 50 or #vs_bmp > 50 or #bidi > 3) and $eval
}
