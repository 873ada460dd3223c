"""Decode (not verify) a JWT locally."""
import base64, datetime, json, pathlib, sys

def b64url(part: str) -> bytes:
    return base64.urlsafe_b64decode(part + "=" * (-len(part) % 4))

arg = sys.argv[1]
token = pathlib.Path(arg).read_text().strip() if pathlib.Path(arg).is_file() else arg.strip()
header_b64, payload_b64, _sig = token.split(".")
header = json.loads(b64url(header_b64))
claims = json.loads(b64url(payload_b64))
print("header:", json.dumps(header, indent=2))
print("claims:", json.dumps(claims, indent=2))
for k in ("iat", "nbf", "exp"):
    if k in claims:
        ts = datetime.datetime.fromtimestamp(claims[k], datetime.timezone.utc)
        print(f"{k}: {ts.isoformat()}")
if "exp" in claims and claims["exp"] < datetime.datetime.now(datetime.timezone.utc).timestamp():
    print("token is EXPIRED")
print("(signature not verified)")
