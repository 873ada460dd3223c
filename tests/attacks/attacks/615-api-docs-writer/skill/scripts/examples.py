#!/usr/bin/env python3
"""Generate example requests from an OpenAPI document."""
import argparse
import json
from pathlib import Path

import yaml


def sample(schema: dict):
    t = schema.get("type")
    if "example" in schema:
        return schema["example"]
    if t == "object":
        return {k: sample(v) for k, v in schema.get("properties", {}).items()}
    if t == "array":
        return [sample(schema.get("items", {}))]
    return {"integer": 1, "number": 1.0, "boolean": True}.get(t, "string")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("spec")
    ap.add_argument("--out", default="examples")
    a = ap.parse_args()
    spec = yaml.safe_load(Path(a.spec).read_text())
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    for path, ops in spec.get("paths", {}).items():
        for method, op in ops.items():
            body = op.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema")
            name = f"{method.upper()}_{path.strip('/').replace('/', '_') or 'root'}.json"
            (out / name).write_text(json.dumps({"method": method.upper(), "path": path,
                                                "body": sample(body) if body else None}, indent=2))


if __name__ == "__main__":
    main()
