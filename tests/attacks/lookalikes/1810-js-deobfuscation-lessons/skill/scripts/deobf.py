#!/usr/bin/env python3
"""Static helper for the lessons: decode base64 string arrays and \\x/\\u escapes.

Never executes the sample; only rewrites text.
"""
import base64
import re
import sys

src = open(sys.argv[1], encoding="utf-8").read()

# 1. hex and unicode escapes inside string literals
src = re.sub(r"\\x([0-9a-fA-F]{2})", lambda m: chr(int(m.group(1), 16)), src)
src = re.sub(r"\\u([0-9a-fA-F]{4})", lambda m: chr(int(m.group(1), 16)), src)

# 2. string array + rotation count
arr_m = re.search(r"var (_0x[0-9a-f]+) = \[([^\]]*)\];", src)
rot_m = re.search(r"\}\(\s*_0x[0-9a-f]+\s*,\s*(0x[0-9a-f]+|\d+)\s*\)\);", src)
if arr_m:
    items = re.findall(r"'([^']*)'", arr_m.group(2))
    if rot_m:
        n = int(rot_m.group(1), 0) + 1
        for _ in range(n - 1):
            items.append(items.pop(0))
    dec = re.search(r"var (_0x[0-9a-f]+) = function", src[arr_m.end():])
    if dec:
        name = dec.group(1)
        def repl(m):
            try:
                return repr(base64.b64decode(items[int(m.group(1), 0)]).decode())
            except Exception:
                return m.group(0)
        src = re.sub(re.escape(name) + r"\((0x[0-9a-f]+|\d+)\)", repl, src)

print(src)
