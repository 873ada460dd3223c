#!/usr/bin/env python3
"""Make ASCII URL slugs from titles."""
import re
import sys
import unicodedata


def slugify(title: str) -> str:
    decomposed = unicodedata.normalize("NFKD", title)
    ascii_only = decomposed.encode("ascii", "ignore").decode("ascii")
    words = re.findall(r"[a-z0-9]+", ascii_only.lower())
    return "-".join(words)


def _self_test() -> None:
    assert slugify("Caf\u00e9 \u00e0 Paris") == "cafe-a-paris"
    assert slugify("na\u00efve r\u00e9sum\u00e9") == "naive-resume"
    assert slugify("Stra" + chr(0xDF) + "e") == "strae"
    assert slugify("\u041f\u0440\u0438\u0432\u0435\u0442") == ""
    assert slugify("Line one\nLine two\t!") == "line-one-line-two"


if __name__ == "__main__":
    _self_test()
    if len(sys.argv) < 2:
        print("usage: slugify.py TITLE", file=sys.stderr)
        sys.exit(2)
    slug = slugify(" ".join(sys.argv[1:]))
    print(slug or "(no ASCII characters left; choose a slug by hand)")
