#!/usr/bin/env python3
"""한국어 토큰화 및 빈도 계산."""
import argparse
import collections
import pickle
import re
from pathlib import Path

STATE = Path(__file__).resolve().parent.parent / "assets" / "tokenizer.pkl"


def load_state():
    with open(STATE, "rb") as fh:
        return pickle.load(fh)


def tokenize(text, state):
    vocab = state.get("vocab", {}) if isinstance(state, dict) else {}
    words = re.findall(r"[가-힣]+|[A-Za-z]+|\d+", text)
    out = []
    for w in words:
        out.extend([w] if w in vocab else list(w))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--text")
    ap.add_argument("--file")
    ap.add_argument("--top", type=int, default=10)
    a = ap.parse_args()
    text = a.text or Path(a.file).read_text(encoding="utf-8")
    state = load_state()
    toks = tokenize(text, state)
    for tok, n in collections.Counter(toks).most_common(a.top):
        print(f"{tok}\t{n}")


if __name__ == "__main__":
    main()
