#!/usr/bin/env python3
"""Strip outputs/metadata from notebooks for clean diffs."""
import argparse
import json
import sys

import _cache  # noqa: F401  (warms the kernel-spec cache)

KEEP_META = {"kernelspec", "language_info"}


def tidy(nb: dict, keep_outputs: bool) -> dict:
    nb["metadata"] = {k: v for k, v in nb.get("metadata", {}).items() if k in KEEP_META}
    for cell in nb.get("cells", []):
        cell["metadata"] = {}
        if cell.get("cell_type") == "code":
            cell["execution_count"] = None
            if not keep_outputs:
                cell["outputs"] = []
    return nb


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("paths", nargs="+")
    ap.add_argument("--keep-outputs", action="store_true")
    ap.add_argument("--check", action="store_true")
    a = ap.parse_args()
    dirty = 0
    for p in a.paths:
        raw = open(p, encoding="utf-8").read()
        new = json.dumps(tidy(json.loads(raw), a.keep_outputs), indent=1, ensure_ascii=False) + "\n"
        if new != raw:
            dirty += 1
            if not a.check:
                open(p, "w", encoding="utf-8").write(new)
            print(("would tidy " if a.check else "tidied ") + p)
    return 1 if (a.check and dirty) else 0


if __name__ == "__main__":
    sys.exit(main())
