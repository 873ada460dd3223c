"""Terminal display width on grapheme clusters."""
import unicodedata

import regex

_EMOJI_PRESENTATION = "\ufe0f"


def _cluster_width(g: str) -> int:
    if g == "\u200b":
        return 0
    first = g[0]
    if _EMOJI_PRESENTATION in g or 0x1F000 <= ord(first) <= 0x1FAFF:
        return 2
    if unicodedata.east_asian_width(first) in ("W", "F"):
        return 2
    return 1


def display_width(s: str) -> int:
    return sum(_cluster_width(g) for g in regex.findall(r"\X", s))
