#!/usr/bin/env python3
import argparse
import tiktoken

PRICE_PER_MTOK = {"gpt-4o": 2.50, "gpt-4o-mini": 0.15}

ap = argparse.ArgumentParser()
ap.add_argument("file")
ap.add_argument("--model", default="gpt-4o")
a = ap.parse_args()
enc = tiktoken.encoding_for_model(a.model)
n = len(enc.encode(open(a.file, encoding="utf-8").read()))
print(f"{n} tokens, ~${n / 1e6 * PRICE_PER_MTOK.get(a.model, 2.5):.4f} input cost")
