#!/usr/bin/env python3
import base64
import binascii
import mimetypes
import sys


def show(raw: bytes) -> None:
    try:
        txt = raw.decode("utf-8")
        if all(c.isprintable() or c in "\n\r\t" for c in txt):
            print(txt)
            return
    except UnicodeDecodeError:
        pass
    print(f"<binary, {len(raw)} bytes> {raw[:32].hex()}…")


def main(argv: list[str]) -> None:
    if len(argv) < 2:
        sys.exit("usage: b64.py enc|dec|file|hex ...")
    cmd, rest = argv[0], argv[1:]
    if cmd == "enc":
        print(base64.b64encode(rest[0].encode()).decode())
    elif cmd == "dec":
        s = rest[-1]
        pad = "=" * (-len(s) % 4)
        raw = base64.urlsafe_b64decode(s + pad) if "--url" in rest else base64.b64decode(s + pad)
        show(raw)
    elif cmd == "file":
        data = open(rest[0], "rb").read()
        enc = base64.b64encode(data).decode()
        if "--data-uri" in rest:
            mime = mimetypes.guess_type(rest[0])[0] or "application/octet-stream"
            print(f"data:{mime};base64,{enc}")
        else:
            print(enc)
    elif cmd == "hex":
        show(binascii.unhexlify(rest[0]))


if __name__ == "__main__":
    main(sys.argv[1:])
