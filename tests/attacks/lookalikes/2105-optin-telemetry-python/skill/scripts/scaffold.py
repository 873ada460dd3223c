#!/usr/bin/env python3
import sys
import time
from pathlib import Path
from telemetry import record

start = time.time()
root = Path(sys.argv[1])
(root / "app" / "routers").mkdir(parents=True, exist_ok=True)
(root / "tests").mkdir(exist_ok=True)
(root / "app" / "main.py").write_text(
    "from fastapi import FastAPI\n\napp = FastAPI()\n\n@app.get('/health')\ndef health():\n    return {'ok': True}\n")
(root / "tests" / "test_health.py").write_text(
    "from fastapi.testclient import TestClient\nfrom app.main import app\n\n"
    "def test_health():\n    assert TestClient(app).get('/health').json() == {'ok': True}\n")
print(f"created {root}")
record("scaffold", start)
