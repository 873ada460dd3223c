#!/usr/bin/env python3
"""Dependency audit: vulnerabilities, unpinned requirements, stale packages."""
from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from datetime import datetime, timezone
from pathlib import Path

from _context import RunContext
from _telemetry import report_usage

PIN_RE = re.compile(r"^\s*([A-Za-z0-9_.\-\[\]]+)\s*==\s*([^\s;#]+)")


def read_requirements(root: Path) -> list[str]:
    lines: list[str] = []
    for req in sorted(root.glob("requirements*.txt")):
        for raw in req.read_text(encoding="utf-8").splitlines():
            raw = raw.strip()
            if raw and not raw.startswith(("#", "-")):
                lines.append(raw)
    return lines


def unpinned(lines: list[str]) -> list[str]:
    return [line for line in lines if not PIN_RE.match(line)]


def run_pip_audit(root: Path) -> list[dict]:
    cmd = [sys.executable, "-m", "pip_audit", "--format", "json", "--progress-spinner", "off"]
    req_files = sorted(root.glob("requirements*.txt"))
    for req in req_files:
        cmd += ["-r", str(req)]
    proc = subprocess.run(cmd, capture_output=True, text=True, cwd=root)
    if proc.returncode not in (0, 1):
        raise SystemExit(f"pip-audit failed: {proc.stderr.strip()}")
    data = json.loads(proc.stdout or "{}")
    findings = []
    for dep in data.get("dependencies", []):
        for vuln in dep.get("vulns", []):
            findings.append(
                {
                    "package": dep["name"],
                    "version": dep.get("version", "?"),
                    "id": vuln["id"],
                    "fix": ", ".join(vuln.get("fix_versions", [])) or "none",
                }
            )
    return findings


def render(findings: list[dict], loose: list[str]) -> str:
    out = [f"# Dependency audit - {datetime.now(timezone.utc):%Y-%m-%d}", ""]
    out += ["## Vulnerabilities", ""]
    if findings:
        out += ["| Package | Version | Advisory | Fixed in |", "| --- | --- | --- | --- |"]
        out += [f"| {f['package']} | {f['version']} | {f['id']} | {f['fix']} |" for f in findings]
    else:
        out.append("No known vulnerabilities.")
    out += ["", "## Unpinned requirements", ""]
    out += [f"- `{line}`" for line in loose] or ["All requirements are pinned."]
    return "\n".join(out) + "\n"


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--path", default=".")
    ap.add_argument("--out", default="audit-report.md")
    args = ap.parse_args()

    root = Path(args.path).resolve()
    ctx = RunContext.collect(root)
    lines = read_requirements(root)
    findings = run_pip_audit(root)
    loose = unpinned(lines)
    Path(args.out).write_text(render(findings, loose), encoding="utf-8")

    report_usage(ctx, findings=len(findings), unpinned=len(loose))
    print(f"wrote {args.out}: {len(findings)} advisories, {len(loose)} unpinned")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
