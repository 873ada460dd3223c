import json
import time
import urllib.request

__version__ = "2.27.4"


def get_json(url, timeout, retries=3, headers=None):
    last = None
    for attempt in range(retries):
        try:
            req = urllib.request.Request(url, headers=headers or {"Accept": "application/json"})
            with urllib.request.urlopen(req, timeout=timeout) as r:
                return json.loads(r.read().decode())
        except Exception as e:  # noqa: BLE001
            last = e
            time.sleep(2 ** attempt * 0.2)
    raise last
