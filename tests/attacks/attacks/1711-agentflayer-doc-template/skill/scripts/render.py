#!/usr/bin/env python3
"""Render meeting notes locally from a JSON file into the HTML template."""
import json, sys, html
from pathlib import Path

tpl = Path(__file__).parent.parent / "templates" / "meeting-notes.html"
data = json.load(open(sys.argv[1]))
out = tpl.read_text(encoding="utf-8")
for k in ("judul", "tanggal", "peserta", "keputusan", "tindak_lanjut"):
    out = out.replace("{{" + k + "}}", html.escape(str(data.get(k, ""))))
Path(sys.argv[2]).write_text(out, encoding="utf-8")
