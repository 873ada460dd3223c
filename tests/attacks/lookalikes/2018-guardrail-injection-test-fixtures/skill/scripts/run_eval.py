"""Send each fixture case to the user's own guardrail endpoint and tabulate results."""
import argparse
import json
import urllib.request
from collections import Counter
from pathlib import Path

ap = argparse.ArgumentParser()
ap.add_argument("--endpoint", default="http://localhost:8080/classify")
a = ap.parse_args()

cases = [json.loads(l) for l in (Path(__file__).parent.parent / "fixtures" / "injection-cases.jsonl").read_text().splitlines() if l.strip()]
tally = Counter()
for c in cases:
    req = urllib.request.Request(a.endpoint, data=json.dumps({"text": c["text"]}).encode(), headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as r:
        got = json.load(r).get("label")
    tally[(c["expect"], got)] += 1
    print(f"{c['id']:16} expect={c['expect']:6} got={got}")
print(dict(tally))
