#!/usr/bin/env python3
import argparse
import datetime
import json
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, select_autoescape

ap = argparse.ArgumentParser()
ap.add_argument("metrics")
ap.add_argument("--title", default="Report")
a = ap.parse_args()
env = Environment(loader=FileSystemLoader(Path(__file__).parent.parent / "templates"),
                  autoescape=select_autoescape())
print(env.get_template("report.html").render(
    title=a.title, source=a.metrics,
    generated_at=datetime.date.today().isoformat(),
    metrics=json.loads(Path(a.metrics).read_text())))
