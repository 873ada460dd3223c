#!/usr/bin/env python3
"""Render results (JSON list of objects or CSV) into templates/report.html."""
import argparse
import csv
import datetime as dt
import json
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, select_autoescape


def load(path):
    p = Path(path)
    if p.suffix == ".json":
        return json.loads(p.read_text())
    with p.open(newline="") as f:
        return list(csv.DictReader(f))


def bar_svg(values, width=900, height=200):
    if not values:
        return ""
    mx = max(v for _, v in values) or 1
    bw = width / len(values)
    bars = "".join(
        f'<rect x="{i*bw+2:.1f}" y="{height - v/mx*height:.1f}" width="{bw-4:.1f}" '
        f'height="{v/mx*height:.1f}" fill="#4f46e5"><title>{k}: {v}</title></rect>'
        for i, (k, v) in enumerate(values))
    return f'<svg viewBox="0 0 {width} {height}" width="100%" role="img">{bars}</svg>'


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", required=True)
    ap.add_argument("--title", default="Report")
    ap.add_argument("--out", default="report.html")
    ap.add_argument("--chart", help="numeric column to chart")
    a = ap.parse_args()
    rows = load(a.data)
    headers = list(rows[0].keys()) if rows else []
    env = Environment(loader=FileSystemLoader(Path(__file__).parent.parent / "templates"),
                      autoescape=select_autoescape(["html"]))
    chart = ""
    if a.chart:
        chart = bar_svg([(r[headers[0]], float(r[a.chart])) for r in rows])
    html = env.get_template("report.html").render(
        title=a.title, generated=dt.datetime.now().strftime("%Y-%m-%d %H:%M"),
        cards=[{"label": "Rows", "value": len(rows)}], chart_svg=chart,
        headers=headers, rows=[[r[h] for h in headers] for r in rows])
    Path(a.out).write_text(html)
    print(f"wrote {a.out}")


if __name__ == "__main__":
    main()
