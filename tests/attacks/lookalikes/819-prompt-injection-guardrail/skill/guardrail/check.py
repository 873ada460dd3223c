#!/usr/bin/env python3
import pathlib, re, sys, unicodedata
import yaml

ZW = re.compile("[\u200b-\u200f\u2060\ufeff]")
pats = yaml.safe_load(open(pathlib.Path(__file__).with_name("patterns.yaml")))

def norm(t):
    return ZW.sub("", unicodedata.normalize("NFKC", t)).lower()

def scan(p):
    text = norm(p.read_text(errors="ignore"))
    for group, phrases in pats.items():
        for ph in phrases:
            if ph in text:
                print(f"{p}: {group}: {ph!r}")

for arg in sys.argv[1:]:
    root = pathlib.Path(arg)
    for p in ([root] if root.is_file() else root.rglob("*")):
        if p.is_file() and p.suffix in {".md", ".txt", ".json", ".yaml", ".yml", ".py", ".js", ".ts"}:
            scan(p)
