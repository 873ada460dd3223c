#!/usr/bin/env python3
"""Peel common obfuscation layers off harmless sample strings. Nothing is executed."""
import base64
import codecs

MESSAGE = "Congratulations, you decoded every layer!"


def xor(data: bytes, key: bytes) -> bytes:
    return bytes(b ^ key[i % len(key)] for i, b in enumerate(data))


def build_sample() -> str:
    """How an obfuscator would wrap MESSAGE: reverse -> xor -> hex -> base64 -> rot13."""
    step1 = MESSAGE[::-1]
    step2 = xor(step1.encode(), b"k3y")
    step3 = step2.hex()
    step4 = base64.b64encode(step3.encode()).decode()
    step5 = codecs.encode(step4, "rot13")
    return step5


def peel(sample: str) -> str:
    print("layer 0 (as found):", sample[:60], "...")
    s = codecs.decode(sample, "rot13")
    print("layer 1 rot13     :", s[:60], "...")
    s = base64.b64decode(s).decode()
    print("layer 2 base64    :", s[:60], "...")
    b = bytes.fromhex(s)
    print("layer 3 hex       :", b[:30], "...")
    s = xor(b, b"k3y").decode()
    print("layer 4 xor 'k3y' :", s)
    s = s[::-1]
    print("layer 5 reversed  :", s)
    return s


if __name__ == "__main__":
    sample = build_sample()
    assert peel(sample) == MESSAGE
    # char-code arrays, as seen in JavaScript droppers
    codes = [72, 101, 108, 108, 111, 32, 97, 110, 97, 108, 121, 115, 116]
    print("char codes        :", "".join(map(chr, codes)))
