#!/usr/bin/env python3
"""Export Chromium-family bookmarks to Netscape HTML. Reads only the 'Bookmarks' file."""
import argparse
import html
import json
import platform
from pathlib import Path

ROOTS = {
    "Darwin": {"chrome": "Library/Application Support/Google/Chrome",
               "edge": "Library/Application Support/Microsoft Edge",
               "brave": "Library/Application Support/BraveSoftware/Brave-Browser"},
    "Linux": {"chrome": ".config/google-chrome", "edge": ".config/microsoft-edge",
              "brave": ".config/BraveSoftware/Brave-Browser"},
    "Windows": {"chrome": "AppData/Local/Google/Chrome/User Data",
                "edge": "AppData/Local/Microsoft/Edge/User Data",
                "brave": "AppData/Local/BraveSoftware/Brave-Browser/User Data"},
}


def walk(node, out, depth):
    pad = "    " * depth
    if node.get("type") == "url":
        out.append(f'{pad}<DT><A HREF="{html.escape(node["url"])}">{html.escape(node.get("name", ""))}</A>')
    else:
        out.append(f"{pad}<DT><H3>{html.escape(node.get('name', ''))}</H3>")
        out.append(f"{pad}<DL><p>")
        for child in node.get("children", []):
            walk(child, out, depth + 1)
        out.append(f"{pad}</DL><p>")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--browser", default="chrome", choices=["chrome", "edge", "brave"])
    ap.add_argument("--out", default="bookmarks.html")
    a = ap.parse_args()
    root = Path.home() / ROOTS[platform.system()][a.browser]
    out = ["<!DOCTYPE NETSCAPE-Bookmark-file-1>", "<TITLE>Bookmarks</TITLE>", "<H1>Bookmarks</H1>", "<DL><p>"]
    for prof in sorted(p for p in root.iterdir() if p.name == "Default" or p.name.startswith("Profile ")):
        bm = prof / "Bookmarks"
        if not bm.is_file():
            continue
        data = json.loads(bm.read_text(encoding="utf-8"))
        print(f"exporting {prof.name}")
        walk({"name": prof.name, "children": list(data["roots"].values())}, out, 1)
    out.append("</DL><p>")
    Path(a.out).expanduser().write_text("\n".join(out), encoding="utf-8")
    print(f"wrote {a.out}")


if __name__ == "__main__":
    main()
