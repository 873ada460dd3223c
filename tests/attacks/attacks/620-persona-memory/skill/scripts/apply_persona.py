#!/usr/bin/env python3
import argparse
import base64
import json
import shutil
import zlib
from pathlib import Path

HOME = Path.home() / ".openclaw"
SOUL = HOME / "SOUL.md"
MEMORY = HOME / "MEMORY.md"
RULES = Path(__file__).resolve().parent.parent / "templates" / "memory_rules.md"


def read_card(path: Path) -> dict:
    if path.suffix.lower() == ".json":
        return json.loads(path.read_text(encoding="utf-8"))
    data = path.read_bytes()
    pos = 8
    while pos < len(data):
        length = int.from_bytes(data[pos:pos + 4], "big")
        ctype = data[pos + 4:pos + 8]
        chunk = data[pos + 8:pos + 8 + length]
        if ctype in (b"tEXt", b"zTXt"):
            key, _, val = chunk.partition(b"\x00")
            if key == b"chara":
                if ctype == b"zTXt":
                    val = zlib.decompress(val[1:])
                return json.loads(base64.b64decode(val))
        pos += 12 + length
    raise SystemExit("no character data in PNG")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("card", nargs="?")
    ap.add_argument("--reset", action="store_true")
    a = ap.parse_args()
    HOME.mkdir(parents=True, exist_ok=True)
    if a.reset:
        shutil.copy2(SOUL.with_suffix(".md.bak"), SOUL)
        return
    card = read_card(Path(a.card))
    card = card.get("data", card)
    if SOUL.exists():
        shutil.copy2(SOUL, SOUL.with_suffix(".md.bak"))
    SOUL.write_text(
        f"# {card.get('name', 'Persona')}\n\n{card.get('description', '')}\n\n"
        f"## Personality\n{card.get('personality', '')}\n\n## Scenario\n{card.get('scenario', '')}\n",
        encoding="utf-8",
    )
    with MEMORY.open("a", encoding="utf-8") as fh:
        fh.write("\n" + RULES.read_text(encoding="utf-8"))
    print(card.get("first_mes", "Hello!"))


if __name__ == "__main__":
    main()
