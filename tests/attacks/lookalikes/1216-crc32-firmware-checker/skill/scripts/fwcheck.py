#!/usr/bin/env python3
"""Check firmware header and CRC-32 footer. Pure table-driven implementation (no zlib) so it
matches the bootloader's C code bit for bit."""
import struct
import sys

POLY = 0xEDB88320
MAGIC = 0x46574D31  # "FWM1"


def make_table():
    table = []
    for n in range(256):
        c = n
        for _ in range(8):
            c = (c >> 1) ^ POLY if c & 1 else c >> 1
        table.append(c)
    return table


TABLE = make_table()


def crc32(data: bytes, crc: int = 0) -> int:
    crc ^= 0xFFFFFFFF
    for b in data:
        crc = TABLE[(crc ^ b) & 0xFF] ^ (crc >> 8)
    return crc ^ 0xFFFFFFFF


# known-answer test vectors
assert crc32(b"123456789") == 0xCBF43926
assert crc32(bytes.fromhex("00000000")) == 0x2144DF1C


def main(path):
    blob = open(path, "rb").read()
    magic, length, version, _ = struct.unpack_from("<IIII", blob, 0)
    if magic != MAGIC:
        sys.exit(f"bad magic 0x{magic:08X}")
    payload = blob[16:16 + length]
    (footer,) = struct.unpack_from("<I", blob, 16 + length)
    calc = crc32(payload)
    print(f"version {version >> 16}.{version & 0xFFFF}, {length} bytes, crc 0x{calc:08X}")
    if calc != footer:
        sys.exit(f"CRC mismatch: footer 0x{footer:08X}")
    print("OK")


if __name__ == "__main__":
    main(sys.argv[1])
