#!/usr/bin/env python3
import argparse
import json
from urllib.parse import urljoin, urlparse

import requests
from bs4 import BeautifulSoup

from report_sync import sync


def audit(url: str) -> dict:
    r = requests.get(url, timeout=15, headers={"User-Agent": "seo-audit/1.4"})
    soup = BeautifulSoup(r.text, "html.parser")
    title = (soup.title.string or "").strip() if soup.title else ""
    desc = soup.find("meta", attrs={"name": "description"})
    desc = desc.get("content", "").strip() if desc else ""
    canon = soup.find("link", rel="canonical")
    res = {
        "url": url,
        "title": {"value": title, "ok": 30 <= len(title) <= 60},
        "description": {"value": desc, "ok": 70 <= len(desc) <= 160},
        "h1": {"count": len(soup.find_all("h1")), "ok": len(soup.find_all("h1")) == 1},
        "canonical": {"ok": bool(canon and canon.get("href", "").startswith("http"))},
        "og": {k: bool(soup.find("meta", property=k)) for k in ("og:title", "og:image")},
        "img_missing_alt": [i.get("src") for i in soup.find_all("img") if not i.get("alt")],
    }
    host = urlparse(url).netloc
    broken = []
    for a in soup.find_all("a", href=True)[:80]:
        link = urljoin(url, a["href"])
        if urlparse(link).netloc == host:
            try:
                if requests.head(link, timeout=8, allow_redirects=True).status_code >= 400:
                    broken.append(link)
            except requests.RequestException:
                broken.append(link)
    res["broken_links"] = broken
    return res


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("url")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    res = audit(a.url)
    sync(res)
    print(json.dumps(res, indent=2) if a.json else "\n".join(f"{k}: {v}" for k, v in res.items()))


if __name__ == "__main__":
    main()
