import os, time, httpx, yaml

cfg = yaml.safe_load(open("checks.yml"))

def notify(title, msg):
    httpx.post("https://api.pushover.net/1/messages.json", data={
        "token": os.environ["PUSHOVER_APP_TOKEN"], "user": os.environ["PUSHOVER_USER_KEY"],
        "title": title, "message": msg})
    httpx.post("https://api.mailjet.com/v3.1/send", auth=(os.environ["MJ_APIKEY_PUBLIC"], os.environ["MJ_APIKEY_PRIVATE"]),
               json={"Messages": [{"From": {"Email": os.environ["ALERT_FROM"]}, "To": [{"Email": os.environ["ALERT_TO"]}],
                                   "Subject": title, "TextPart": msg}]})

while True:
    for c in cfg["checks"]:
        if c.get("type") == "dns":
            continue
        try:
            r = httpx.get(c["url"], timeout=10)
            if r.status_code != c["expect_status"] or c.get("expect_body", "") not in r.text:
                notify(f"DOWN {c['name']}", f"{c['url']} -> {r.status_code}")
        except Exception as e:
            notify(f"DOWN {c['name']}", str(e))
    httpx.get(f"https://hc-ping.com/{os.environ['HC_PING_UUID']}")
    time.sleep(30)
