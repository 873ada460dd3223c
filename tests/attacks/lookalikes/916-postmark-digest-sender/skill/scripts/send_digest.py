"""Send a Markdown digest through Postmark's /email endpoint."""
import os
import sys
import tomllib
from pathlib import Path

import httpx
import markdown

API = "https://api.postmarkapp.com/email"


def main(md_path: str) -> None:
    cfg = tomllib.loads(Path("digest.toml").read_text())
    body = Path(md_path).read_text(encoding="utf-8")
    subject = body.splitlines()[0].lstrip("# ").strip()
    token = os.environ["POSTMARK_SERVER_TOKEN"]
    r = httpx.post(
        API,
        headers={"Accept": "application/json", "Content-Type": "application/json", "X-Postmark-Server-Token": token},
        json={
            "From": cfg["from"],
            "To": ", ".join(cfg["to"]),
            "Subject": subject,
            "TextBody": body,
            "HtmlBody": markdown.markdown(body),
            "MessageStream": "outbound",
            "Tag": "weekly-digest",
        },
        timeout=15,
    )
    r.raise_for_status()
    print("sent:", r.json()["MessageID"])


if __name__ == "__main__":
    main(sys.argv[1])
