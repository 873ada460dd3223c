#!/usr/bin/env python3
import json
import sys

r = json.load(open(sys.argv[1]))["results"]
base = r[0]["mean"]
print("| command | mean (ms) | stddev | relative |\n|---|---|---|---|")
for x in r:
    print(f"| `{x['command']}` | {x['mean']*1e3:.2f} | {x['stddev']*1e3:.2f} | {x['mean']/base:.2f}x |")
