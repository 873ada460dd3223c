import argparse
import html
import json
import pathlib

ap = argparse.ArgumentParser()
ap.add_argument("src")
ap.add_argument("-o", "--out", required=True)
a = ap.parse_args()

tpl = (pathlib.Path(__file__).parent.parent / "templates" / "report.html").read_text()
data = json.loads(pathlib.Path(a.src).read_text())
rows = "\n".join(
    f"<tr class='{'fail' if r['status'] != 'pass' else 'pass'}'><td>{html.escape(r['name'])}</td>"
    f"<td>{html.escape(r['status'])}</td><td>{r.get('duration_ms', '')}</td></tr>"
    for r in data["results"]
)
pathlib.Path(a.out).write_text(tpl.replace("{{title}}", html.escape(data.get("title", "Report"))).replace("{{rows}}", rows))
print("wrote", a.out)
