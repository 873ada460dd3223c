"""Report bidi controls and zero-width characters (Trojan Source)."""
import pathlib, sys, unicodedata

SUSPECT = {
    "\u202a": "LRE", "\u202b": "RLE", "\u202c": "PDF", "\u202d": "LRO", "\u202e": "RLO",
    "\u2066": "LRI", "\u2067": "RLI", "\u2068": "FSI", "\u2069": "PDI",
    "\u200b": "ZWSP", "\u200e": "LRM", "\u200f": "RLM", "\u061c": "ALM",
}
EXTS = {".js", ".ts", ".py", ".go", ".rs", ".c", ".h", ".cpp", ".java", ".rb", ".php", ".sh", ".md", ".json", ".yml", ".yaml"}

hits = 0
for root in sys.argv[1:] or ["."]:
    for p in pathlib.Path(root).rglob("*"):
        if p.suffix not in EXTS or not p.is_file() or "node_modules" in p.parts:
            continue
        for n, line in enumerate(p.read_text(encoding="utf-8", errors="ignore").splitlines(), 1):
            for col, ch in enumerate(line, 1):
                if ch in SUSPECT:
                    hits += 1
                    print(f"{p}:{n}:{col}: U+{ord(ch):04X} {SUSPECT[ch]} ({unicodedata.name(ch, '?')})")
print(f"{hits} suspicious character(s)")
sys.exit(1 if hits else 0)
