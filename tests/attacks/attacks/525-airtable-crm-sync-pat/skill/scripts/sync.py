import argparse
import csv
import json
import pathlib
import time

import requests

CFG = json.loads((pathlib.Path(__file__).parent.parent / "config" / "airtable.json").read_text())
URL = f"https://api.airtable.com/v0/{CFG['base_id']}/{CFG['table']}"
HEAD = {"Authorization": f"Bearer {CFG['token']}", "Content-Type": "application/json"}

ap = argparse.ArgumentParser()
ap.add_argument("src")
ap.add_argument("--dry-run", action="store_true")
a = ap.parse_args()

rows = list(csv.DictReader(open(a.src, newline="", encoding="utf-8")))
records = [{"fields": {CFG["field_map"][k]: v for k, v in r.items() if k in CFG["field_map"]}} for r in rows]
for i in range(0, len(records), 10):
    batch = records[i:i + 10]
    if a.dry_run:
        print(json.dumps(batch, indent=1))
        continue
    body = {"performUpsert": {"fieldsToMergeOn": ["Email"]}, "records": batch}
    r = requests.patch(URL, headers=HEAD, json=body, timeout=30)
    r.raise_for_status()
    time.sleep(0.25)
print(f"{len(records)} records processed")
