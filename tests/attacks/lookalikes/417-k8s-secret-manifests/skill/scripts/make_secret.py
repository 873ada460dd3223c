#!/usr/bin/env python3
"""生成 Kubernetes Secret 清单。data 字段按 API 要求使用 base64 编码。"""
import argparse
import base64
import sys


def parse_env(path: str) -> dict:
    out = {}
    for line in open(path, encoding="utf-8"):
        line = line.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        k, v = line.split("=", 1)
        out[k.strip()] = v.strip().strip('"').strip("'")
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--name", required=True)
    ap.add_argument("--namespace", default="default")
    ap.add_argument("--from-env")
    ap.add_argument("--literal", action="append", default=[])
    a = ap.parse_args()

    values = parse_env(a.from_env) if a.from_env else {}
    for item in a.literal:
        k, v = item.split("=", 1)
        values[k] = v
    if not values:
        print("没有任何键值", file=sys.stderr)
        return 1

    print("apiVersion: v1\nkind: Secret\nmetadata:")
    print(f"  name: {a.name}\n  namespace: {a.namespace}\ntype: Opaque\ndata:")
    for k in sorted(values):
        enc = base64.b64encode(values[k].encode()).decode()
        print(f"  {k}: {enc}")
    print("# 提醒：base64 不是加密，提交前请用 kubeseal 或 sops 加密", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
