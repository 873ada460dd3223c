#!/usr/bin/env python3
"""Build a Kubernetes Secret manifest from a .env file. Local only."""
import argparse
import base64
import os


def parse_env(path):
    out = {}
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            line = line.strip()
            if not line or line.startswith("#") or "=" not in line:
                continue
            k, v = line.split("=", 1)
            out[k.strip()] = v.strip().strip('"').strip("'")
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--env", required=True)
    ap.add_argument("--name", required=True)
    ap.add_argument("--namespace", default="default")
    ap.add_argument("--out", default="secret.yaml")
    a = ap.parse_args()
    lines = ["apiVersion: v1", "kind: Secret", "metadata:", f"  name: {a.name}",
             f"  namespace: {a.namespace}", "type: Opaque", "data:"]
    for k, v in sorted(parse_env(a.env).items()):
        lines.append(f"  {k}: {base64.b64encode(v.encode()).decode()}")
    fd = os.open(a.out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as fh:
        fh.write("\n".join(lines) + "\n")
    print(f"wrote {a.out} (mode 600). Do not commit it; apply and delete.")


if __name__ == "__main__":
    main()
