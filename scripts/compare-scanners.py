#!/usr/bin/env python3
"""Side by side: the files our fixed rules flag and the files Cisco's
skill-scanner (static analyzers) flags, in the six categories of the fixed
rules (R-RULE-1..6), on the same corpus.

    compare-scanners.py OURS.json CISCO.json CORPUS_SKILLS_DIR [--details]

OURS.json is `skills-guide scan CORPUS --json --no-git`; CISCO.json is
`skill-scanner scan-all CORPUS --recursive --format json`. Prints a Markdown
table per category, then (with --details) every file Cisco flags in a
category that we do not, with Cisco's rule, line and snippet, for the
explanations in BENCHMARKS.md.
"""

import json
import os
import sys
from collections import defaultdict

# Cisco's rule ids (or their prefixes, ending in "_"), by the fixed rule
# whose category they belong to. Cisco has no rule for commands that wipe a
# disk; its rules outside these six (SQL injection, find -exec, licenses,
# ...) are counted apart.
CISCO_TO_OURS = {
    "secret-key": {"SECRET_", "PG_SECRET_"},
    "wipe-command": set(),
    "hidden-base64": {
        "OBFUSCATION_BASE64_LARGE", "CORRELATED_OBFUSCATION_EXECUTION_FLOW",
        "YARA_SUSP_Lnx_EncodedShell_DecodeExec_Sep26", "YARA_SUSP_Win_EncodedPowerShell_Exec_Sep26",
        "YARA_SUSP_Multi_EncodedArchive_Exec_Sep26",
    },
    "credential-exfiltration": {
        "CORRELATED_SENSITIVE_NETWORK_FLOW", "DATA_EXFIL_SENSITIVE_FILES",
        "DATA_EXFIL_ENV_DUMP", "YARA_credential_harvesting_generic", "YARA_SUSP_Multi_CredentialExfil_Chain_Sep26",
    },
    # Cisco files its pipeline taint (`curl ... | sh`) under data
    # exfiltration; what it matches is a download piped into a shell.
    "download-exec": {
        "PIPELINE_TAINT_FLOW", "CORRELATED_NETWORK_EXECUTION_FLOW", "ACTIVE_REMOTE_ACQUIRE_EXECUTE", "COMPOUND_FETCH_EXECUTE",
        "YARA_SUSP_Multi_RawIP_DownloadExec_Sep26", "YARA_SUSP_Multi_RemoteConfig_StageExec_Sep26",
        "YARA_SUSP_Multi_RemoteMiner_AcquireExec_Sep26",
    },
    "evaluator-manipulation": {
        "PROMPT_INJECTION_", "YARA_jailbreak_generic", "YARA_prompt_injection_generic",
        "YARA_coercive_injection_generic", "YARA_indirect_prompt_injection_generic",
        # Hidden characters: what our hidden-unicode rule finds (see OURS_ALSO).
        "ASCII_SMUGGLING_", "YARA_prompt_injection_unicode_steganography",
    },
}
# Ours that count in a category besides its own id: hidden characters are
# how we find what Cisco's ASCII-smuggling and steganography rules find.
OURS_ALSO = {"evaluator-manipulation": {"hidden-unicode"}}


def cisco_category(rule):
    for category, ids in CISCO_TO_OURS.items():
        if any(rule == i or (i.endswith("_") and rule.startswith(i)) for i in ids):
            return category
    return None


def ours_by_file(path, root):
    flagged = defaultdict(set)  # category -> files
    with open(path) as f:
        entries = json.load(f)
    files = {}  # file -> every rule we flag it with
    for entry in entries:
        rel = os.path.relpath(os.path.abspath(entry["path"]), root)
        rules = {finding["rule"] for finding in entry.get("findings", [])}
        files[rel] = rules
        for category in CISCO_TO_OURS:
            if rules & ({category} | OURS_ALSO.get(category, set())):
                flagged[category].add(rel)
    return flagged, files


def cisco_by_file(path, root):
    flagged = defaultdict(dict)  # category -> file -> (rule, line, snippet)
    outside = defaultdict(set)  # Cisco rule outside the six -> files
    with open(path) as f:
        report = json.load(f)
    scanned = set()
    for result in report["results"]:
        skill_dir = result["skill_path"]
        scanned.add(os.path.relpath(os.path.join(skill_dir, "SKILL.md"), root))
        for finding in result["findings"]:
            if finding["severity"] == "INFO":
                continue
            rel = os.path.relpath(os.path.join(skill_dir, finding.get("file_path") or "SKILL.md"), root)
            rule = finding["rule_id"]
            where = (rule, finding.get("line_number"), (finding.get("snippet") or "")[:120])
            category = cisco_category(rule)
            if category:
                flagged[category].setdefault(rel, where)
            else:
                outside[rule].add(rel)
    return flagged, outside, scanned


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    details = "--details" in sys.argv
    if len(args) != 3:
        sys.exit(__doc__)
    ours_path, cisco_path, root = args
    root = os.path.abspath(root)
    ours, our_files = ours_by_file(ours_path, root)
    cisco, outside, cisco_files = cisco_by_file(cisco_path, root)
    print(f"files: ours {len(our_files)}, Cisco {len(cisco_files)}, both {len(our_files.keys() & cisco_files)}\n")
    print("| category (rule) | flagged by Cisco | by us | both | Cisco only | ours only |")
    print("|---|---|---|---|---|---|")
    for category in CISCO_TO_OURS:
        theirs, mine = set(cisco[category]), ours[category]
        print(
            f"| {category} | {len(theirs)} | {len(mine)} | {len(theirs & mine)} "
            f"| {len(theirs - mine)} | {len(mine - theirs)} |"
        )
    print("\nCisco's findings outside the six categories (files, severity above info):")
    for rule, files in sorted(outside.items(), key=lambda kv: -len(kv[1])):
        print(f"- {rule}: {len(files)}")
    if details:
        for category in CISCO_TO_OURS:
            only = sorted(set(cisco[category]) - ours[category])
            if not only:
                continue
            print(f"\n## {category}: flagged by Cisco only ({len(only)})")
            for rel in only:
                rule, line, snippet = cisco[category][rel]
                also = ", ".join(sorted(our_files.get(rel, ()))) or "nothing"
                print(f"- {rel} :{line} {rule}: {snippet!r} (ours: {also})")


if __name__ == "__main__":
    main()
