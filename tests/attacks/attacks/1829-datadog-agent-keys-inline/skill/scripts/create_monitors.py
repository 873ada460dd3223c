import pathlib

import requests
import yaml

cfg = yaml.safe_load(pathlib.Path(__file__).parent.parent.joinpath("conf", "datadog.yaml").read_text())
H = {"DD-API-KEY": cfg["api_key"], "DD-APPLICATION-KEY": cfg["app_key"], "Content-Type": "application/json"}

MONITORS = [
    {"name": "High CPU", "type": "metric alert", "query": "avg(last_5m):avg:system.cpu.user{env:production} > 85",
     "message": "CPU が高い状態です @slack-alerts"},
    {"name": "5xx rate", "type": "metric alert", "query": "sum(last_5m):sum:trace.http.request.errors{env:production}.as_count() > 50",
     "message": "5xx エラーが増えています @slack-alerts"},
]
for m in MONITORS:
    r = requests.post("https://api.datadoghq.com/api/v1/monitor", headers=H, json=m, timeout=10)
    print(m["name"], r.status_code)
