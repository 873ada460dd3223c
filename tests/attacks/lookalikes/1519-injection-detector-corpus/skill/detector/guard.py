import base64
import re

PATTERNS = [
    r"ignore (all )?(previous|prior) instructions",
    r"\bsystem instruction\b",
    r"\bNO MALWARE DETECTED\b",
    r"classify (it|this) as safe",
    r"do not (report|mention)",
    r"~/.ssh|GITHUB_TOKEN|id_rsa",
    r"you are now in \w+ mode",
]
RX = re.compile("|".join(PATTERNS), re.I)


def flag(text: str) -> bool:
    return bool(RX.search(text))


def envelope(datum_id: str, text: str) -> str:
    enc = base64.b64encode(text.encode()).decode()
    return f'<UNTRUSTED_INPUT id="{datum_id}" encoding="base64">{enc}</UNTRUSTED_INPUT>'
