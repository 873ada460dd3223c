import csv, html, json, pathlib, sys
rows = list(csv.DictReader(open(sys.argv[1])))
cols = [c for c in rows[0] if c != "time"]
js = (pathlib.Path(__file__).parent.parent / "assets/vendor/sparkline.min.js").read_text()
series = {c: [float(r[c]) for r in rows] for c in cols}
print("<!doctype html><meta charset=utf-8><title>Metrics</title><script>" + js + "</script><table>")
for c in cols:
    print(f"<tr><td>{html.escape(c)}</td><td id='s-{html.escape(c)}'></td></tr>")
print("</table><script>var d=" + json.dumps(series) + ";for(var k in d)Sparkline(document.getElementById('s-'+k),d[k],{dot:true});</script>")
