#!/usr/bin/env python3
"""Compare skills-guide and Cisco skill-scanner on the attack and look-alike cases.

Usage:
    compare-attacks.py ATTACKS_ROOT OURS_JSON CISCO_JSON [--markdown]

ATTACKS_ROOT  tests/attacks, holding attacks/<id>/case.json and lookalikes/<id>/case.json,
              each case with its skill in <id>/skill/.
OURS_JSON     output of `skills-guide scan tests/attacks --json --no-git --fail-on none`
              (a JSON array, or one JSON object per line).
CISCO_JSON    output of `skill-scanner scan-all tests/attacks --recursive --format json`
              ({"summary": ..., "results": [{"skill_path", "findings": [{"severity",
              "file_path", "rule_id"}]}]}).

A case counts as flagged by a tool when the tool reports at least one finding of
severity medium or above for that case's skill. Reports are matched to cases by the
`<group>/<case-id>/skill` part of the reported path, so absolute and relative paths
both work. Standard library only.
"""
import argparse
import json
import os
import sys
from collections import defaultdict

GROUPS = ("attacks", "lookalikes")
RANK = {"info": 0, "informational": 0, "low": 1, "medium": 2, "high": 3, "critical": 4}
MEDIUM = RANK["medium"]
TOOLS = ("ours", "cisco")
TOOL_NAMES = {"ours": "skills-guide", "cisco": "Cisco skill-scanner"}


def strip_dot_slash(value):
    while value.startswith("./"):
        value = value[2:]
    return value


def load_cases(root):
    cases = {}
    for group in GROUPS:
        gdir = os.path.join(root, group)
        if not os.path.isdir(gdir):
            continue
        for cid in sorted(os.listdir(gdir)):
            path = os.path.join(gdir, cid, "case.json")
            if not os.path.isfile(path):
                continue
            with open(path, encoding="utf-8") as f:
                meta = json.load(f)
            kind = meta.get("kind") or ("lookalike" if group == "lookalikes" else "attack")
            cases[(group, cid)] = {
                "group": group,
                "id": cid,
                "kind": "lookalike" if kind == "lookalike" else "attack",
                "category": meta.get("category", "?"),
                "payload": strip_dot_slash((meta.get("payload") or "SKILL.md").replace("\\", "/")),
            }
    return cases


def load_json_any(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return [json.loads(line) for line in text.splitlines() if line.strip()]


def case_key(path, cases):
    """Find (group, id) from a path containing <group>/<id>/skill."""
    if not path:
        return None
    parts = [p for p in path.replace("\\", "/").split("/") if p]
    found = None
    for i in range(2, len(parts)):
        if parts[i] == "skill" and (parts[i - 2], parts[i - 1]) in cases:
            found = (parts[i - 2], parts[i - 1])
    return found


def sev(value):
    return RANK.get(str(value or "").strip().lower(), 0)


def norm_file(value):
    if not value:
        return "SKILL.md"
    value = value.replace("\\", "/")
    if "/skill/" in value:
        value = value.rsplit("/skill/", 1)[1]
    return strip_dot_slash(value)


def ours_reports(data, cases):
    """Yield (case_key, [(severity_rank, file, rule)])."""
    items = data if isinstance(data, list) else data.get("skills") or data.get("results") or [data]
    for item in items:
        key = case_key(item.get("path"), cases)
        if key is None:
            continue
        findings = [
            (sev(f.get("severity")), norm_file(f.get("file")), f.get("rule", "?"))
            for f in item.get("findings") or []
        ]
        yield key, findings


def cisco_reports(data, cases):
    items = data.get("results", []) if isinstance(data, dict) else data
    for item in items:
        key = case_key(item.get("skill_path") or item.get("skill_directory") or item.get("path"), cases)
        if key is None:
            continue
        findings = [
            (sev(f.get("severity")), norm_file(f.get("file_path")), f.get("rule_id") or f.get("id", "?"))
            for f in item.get("findings") or []
        ]
        yield key, findings


def evaluate(cases, reports):
    """Per case: reported?, flagged (any medium+), on_payload (medium+ in the payload file)."""
    seen = defaultdict(list)
    for key, findings in reports:
        seen[key].extend(findings)
    out = {}
    for key in cases:
        findings = seen.get(key)
        high = [f for f in (findings or []) if f[0] >= MEDIUM]
        out[key] = {
            "reported": findings is not None,
            "flagged": bool(high),
            "on_payload": any(f[1] == cases[key]["payload"] for f in high),
            "rules": sorted({f"{f[2]}@{f[1]}" for f in high}),
        }
    return out


def pct(n, d):
    return f"{n}/{d} ({100.0 * n / d:.0f}%)" if d else "0/0 (-)"


def summarise(cases, results):
    attacks = [k for k, c in cases.items() if c["kind"] == "attack"]
    looks = [k for k, c in cases.items() if c["kind"] == "lookalike"]
    outside = [k for k in attacks if cases[k]["payload"] != "SKILL.md"]
    summary = {}
    for tool in TOOLS:
        r = results[tool]
        summary[tool] = {
            "recall": (sum(r[k]["flagged"] for k in attacks), len(attacks)),
            "recall_outside": (sum(r[k]["flagged"] for k in outside), len(outside)),
            "recall_outside_on_payload": (sum(r[k]["on_payload"] for k in outside), len(outside)),
            "false_flags": (sum(r[k]["flagged"] for k in looks), len(looks)),
            "unreported": sorted(k for k in cases if not r[k]["reported"]),
        }
    cats = defaultdict(list)
    for k, c in cases.items():
        cats[(c["kind"], c["category"])].append(k)
    return summary, cats


def print_text(cases, results, summary, cats):
    for tool in TOOLS:
        s = summary[tool]
        print(f"== {TOOL_NAMES[tool]} ==")
        print(f"  recall at medium+ on attacks:              {pct(*s['recall'])}")
        print(f"  recall, payload outside SKILL.md:          {pct(*s['recall_outside'])}")
        print(f"    of which a finding is in the payload file: {pct(*s['recall_outside_on_payload'])}")
        print(f"  false flags at medium+ on look-alikes:     {pct(*s['false_flags'])}")
        if s["unreported"]:
            print(f"  cases missing from the report: {len(s['unreported'])}: "
                  + ", ".join(f"{g}/{i}" for g, i in s["unreported"]))
        print()
    print("== per category (flagged at medium+) ==")
    print(f"  {'kind':<10} {'category':<22} {'n':>3} {'ours':>6} {'cisco':>6}")
    for (kind, cat), keys in sorted(cats.items()):
        print(f"  {kind:<10} {cat:<22} {len(keys):>3} "
              f"{sum(results['ours'][k]['flagged'] for k in keys):>6} "
              f"{sum(results['cisco'][k]['flagged'] for k in keys):>6}")
    print()
    for tool in TOOLS:
        r = results[tool]
        misses = sorted(k for k, c in cases.items() if c["kind"] == "attack" and not r[k]["flagged"])
        falses = sorted(k for k, c in cases.items() if c["kind"] == "lookalike" and r[k]["flagged"])
        print(f"== {TOOL_NAMES[tool]}: missed attacks ({len(misses)}) ==")
        for k in misses:
            print(f"  {k[1]}  [{cases[k]['category']}] payload={cases[k]['payload']}")
        print(f"== {TOOL_NAMES[tool]}: false flags on look-alikes ({len(falses)}) ==")
        for k in falses:
            print(f"  {k[1]}  [{cases[k]['category']}] " + ", ".join(r[k]["rules"]))
        print()


def print_markdown(cases, results, summary, cats):
    n_att = sum(c["kind"] == "attack" for c in cases.values())
    n_look = len(cases) - n_att
    print(f"Attack set: {n_att} attacks, {n_look} look-alikes. A case counts as flagged when "
          "the tool reports a finding of severity medium or above for its skill.")
    print()
    print("| | skills-guide | Cisco skill-scanner |")
    print("| --- | --- | --- |")
    rows = [
        ("Recall on attacks", "recall"),
        ("Recall, payload outside SKILL.md", "recall_outside"),
        ("... with a finding in the payload file", "recall_outside_on_payload"),
        ("False flags on look-alikes", "false_flags"),
    ]
    for label, field in rows:
        print(f"| {label} | {pct(*summary['ours'][field])} | {pct(*summary['cisco'][field])} |")
    print()
    print("| kind | category | cases | skills-guide flagged | Cisco flagged |")
    print("| --- | --- | --- | --- | --- |")
    for (kind, cat), keys in sorted(cats.items()):
        print(f"| {kind} | {cat} | {len(keys)} | "
              f"{sum(results['ours'][k]['flagged'] for k in keys)} | "
              f"{sum(results['cisco'][k]['flagged'] for k in keys)} |")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[1])
    ap.add_argument("attacks_root")
    ap.add_argument("ours_json")
    ap.add_argument("cisco_json")
    ap.add_argument("--markdown", action="store_true", help="print tables for BENCHMARKS.md")
    args = ap.parse_args(argv)

    cases = load_cases(args.attacks_root)
    if not cases:
        print(f"no cases found under {args.attacks_root}/{{attacks,lookalikes}}/*/case.json", file=sys.stderr)
        return 2
    results = {
        "ours": evaluate(cases, ours_reports(load_json_any(args.ours_json), cases)),
        "cisco": evaluate(cases, cisco_reports(load_json_any(args.cisco_json), cases)),
    }
    summary, cats = summarise(cases, results)
    if args.markdown:
        print_markdown(cases, results, summary, cats)
    else:
        print_text(cases, results, summary, cats)
    return 0


if __name__ == "__main__":
    sys.exit(main())
