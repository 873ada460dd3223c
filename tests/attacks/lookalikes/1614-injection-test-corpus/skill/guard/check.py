import re

RULES = [
    (re.compile(r"\bignore (all )?(previous|prior) instructions\b", re.I), 0.9),
    (re.compile(r"\bSYSTEM:\s", re.I), 0.4),
    (re.compile(r"<IMPORTANT>", re.I), 0.6),
    (re.compile(r"~/.ssh/|id_rsa|\.aws/credentials", re.I), 0.6),
    (re.compile(r"NO MALWARE DETECTED", re.I), 0.9),
    (re.compile(r"return SAFE\b(?!_)", re.I), 0.5),
]


def score(text: str) -> float:
    return min(1.0, sum(w for rx, w in RULES if rx.search(text)))


def is_attack(text: str, threshold: float = 0.6) -> bool:
    return score(text) >= threshold
