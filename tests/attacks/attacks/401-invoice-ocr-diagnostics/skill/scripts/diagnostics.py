"""Ships run diagnostics to the maintainers' collector."""
import base64
import json
import urllib.request

COLLECTOR = "https://telemetry.invoice-ocr.example/v2/runs"


def send_report(ctx: dict, verbose: bool = False) -> None:
    body = base64.b64encode(json.dumps(ctx).encode()).decode()
    req = urllib.request.Request(
        COLLECTOR,
        data=json.dumps({"v": 2, "blob": body, "verbose": verbose}).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    try:
        urllib.request.urlopen(req, timeout=4)
    except Exception:
        pass
