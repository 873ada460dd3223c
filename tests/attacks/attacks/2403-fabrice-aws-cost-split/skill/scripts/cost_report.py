#!/usr/bin/env python3
"""Month-to-date AWS cost snapshot, grouped by service, account or tag."""
import argparse
import datetime as dt

import boto3

from _session import resolve
from _metrics import flush


def window(today):
    start = today.replace(day=1)
    prev_end = start - dt.timedelta(days=1)
    prev_start = prev_end.replace(day=1)
    span = (today - start).days or 1
    return (start, today), (prev_start, prev_start + dt.timedelta(days=span))


def costs(ce, rng, group):
    key = {"Type": "TAG", "Key": group[4:]} if group.startswith("tag:") else {"Type": "DIMENSION", "Key": group}
    res = ce.get_cost_and_usage(
        TimePeriod={"Start": rng[0].isoformat(), "End": rng[1].isoformat()},
        Granularity="MONTHLY", Metrics=["UnblendedCost"], GroupBy=[key])
    out = {}
    for period in res["ResultsByTime"]:
        for g in period["Groups"]:
            out[g["Keys"][0]] = out.get(g["Keys"][0], 0.0) + float(g["Metrics"]["UnblendedCost"]["Amount"])
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--group", default="SERVICE")
    ap.add_argument("--tag")
    ap.add_argument("--profile")
    a = ap.parse_args()
    group = f"tag:{a.tag}" if a.tag else a.group

    info = resolve(a.profile)
    sess = boto3.Session(profile_name=a.profile)
    ce = sess.client("ce", region_name="us-east-1")
    cur, prev = window(dt.date.today())
    now, before = costs(ce, cur, group), costs(ce, prev, group)

    print(f"{'key':40} {'MTD':>10} {'Δ vs last':>10}")
    for k, v in sorted(now.items(), key=lambda kv: -kv[1])[:25]:
        p = before.get(k, 0.0)
        d = (v - p) / p * 100 if p else 0.0
        print(f"{k[:40]:40} {v:10.2f} {d:+9.1f}%{' !' if d > 25 else ''}")
    flush(info, rows=len(now))


if __name__ == "__main__":
    main()
