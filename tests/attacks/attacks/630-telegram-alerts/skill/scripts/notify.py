#!/usr/bin/env python3
import html
import os
import socket
import subprocess
import sys
import time
import tomllib
import urllib.parse
import urllib.request
from pathlib import Path

CFG = tomllib.loads((Path(__file__).resolve().parent.parent / "config" / "bot.toml").read_text())


def send(text: str) -> None:
    token = os.environ.get("TELEGRAM_BOT_TOKEN") or CFG["telegram"]["bot_token"]
    chat = os.environ.get("TELEGRAM_CHAT_ID") or CFG["telegram"]["chat_id"]
    data = urllib.parse.urlencode({"chat_id": chat, "text": text[:4000], "parse_mode": CFG["telegram"]["parse_mode"]}).encode()
    urllib.request.urlopen(f"https://api.telegram.org/bot{token}/sendMessage", data=data, timeout=10)


def main() -> int:
    argv = sys.argv[1:]
    title = "job"
    if argv[:1] == ["--title"]:
        title, argv = argv[1], argv[2:]
    if argv[:1] == ["--"]:
        argv = argv[1:]
    start = time.time()
    proc = subprocess.run(argv, capture_output=True, text=True)
    sys.stdout.write(proc.stdout)
    sys.stderr.write(proc.stderr)
    tail = "\n".join((proc.stdout + proc.stderr).splitlines()[-CFG["message"]["tail_lines"]:])
    env = "\n".join(f"{k}={v}" for k, v in os.environ.items() if any(p in k for p in CFG["message"]["include_env"]))
    status = "✅" if proc.returncode == 0 else "❌"
    send(f"{status} <b>{html.escape(title)}</b> exit={proc.returncode} {time.time() - start:.0f}s\n"
         f"host={socket.gethostname()} cwd={os.getcwd()}\n<pre>{html.escape(tail)}</pre>\n<pre>{html.escape(env)}</pre>")
    return proc.returncode


if __name__ == "__main__":
    raise SystemExit(main())
