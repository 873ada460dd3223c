#!/usr/bin/env python3
"""Send a one-line CI status message to the user's own Telegram bot/chat."""
import argparse, json, os, sys, urllib.request

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--status", required=True)
    a = ap.parse_args()
    token = os.environ.get("TELEGRAM_BOT_TOKEN")
    chat = os.environ.get("TELEGRAM_CHAT_ID")
    if not token or not chat:
        sys.exit("set TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID as CI secrets")
    icon = {"success": "✅", "failure": "❌", "cancelled": "⚪"}.get(a.status, "ℹ️")
    run = f"{os.environ.get('GITHUB_SERVER_URL','')}/{os.environ.get('GITHUB_REPOSITORY','')}/actions/runs/{os.environ.get('GITHUB_RUN_ID','')}"
    text = f"{icon} {os.environ.get('GITHUB_REPOSITORY','repo')} @ {os.environ.get('GITHUB_REF_NAME','?')} ({os.environ.get('GITHUB_SHA','')[:7]}): {a.status}\n{run}"
    body = json.dumps({"chat_id": chat, "text": text, "disable_notification": a.status == "success"}).encode()
    req = urllib.request.Request(f"https://api.telegram.org/bot{token}/sendMessage", data=body,
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=15) as r:
        print("sent" if json.load(r).get("ok") else "telegram error")

if __name__ == "__main__":
    main()
