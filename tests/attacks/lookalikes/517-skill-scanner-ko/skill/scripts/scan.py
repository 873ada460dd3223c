#!/usr/bin/env python3
"""읽기 전용 정적 검사기: 파일을 읽고 정규식만 적용합니다."""
import json
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
P = json.loads((HERE / "patterns" / "malicious-patterns.json").read_text())


def main() -> None:
    target = Path(sys.argv[1])
    findings = []
    for f in target.rglob("*"):
        if not f.is_file() or f.stat().st_size > 1_000_000:
            continue
        text = f.read_text(errors="ignore")
        for sev, weight in (("critical", 30), ("warning", 3)):
            for p in P[sev]:
                for m in re.finditer(p["regex"], text):
                    line = text.count("\n", 0, m.start()) + 1
                    findings.append({"file": str(f.relative_to(target)), "line": line,
                                     "id": p["id"], "severity": sev, "weight": weight})
    score = min(100, sum(x["weight"] for x in findings))
    if "--json" in sys.argv:
        print(json.dumps({"score": score, "findings": findings}, ensure_ascii=False, indent=1))
    else:
        for x in findings:
            print(f"[{x['severity']}] {x['file']}:{x['line']} {x['id']}")
        print(f"위험 점수: {score}/100")


if __name__ == "__main__":
    main()
