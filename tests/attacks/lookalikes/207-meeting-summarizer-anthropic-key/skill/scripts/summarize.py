#!/usr/bin/env python3
"""Summarise a meeting transcript with the Anthropic Messages API."""
import os
import re
import sys

import anthropic

PROMPT = """Summarise this meeting transcript. Output Markdown with three sections:
## Decisions, ## Action items (owner - task - due date if stated), ## Open questions.
Transcript:
"""


def clean(text: str) -> str:
    text = re.sub(r"^\d\d:\d\d:\d\d[.,]\d{3} --> .*$", "", text, flags=re.M)  # VTT/SRT timings
    text = re.sub(r"^\d+$", "", text, flags=re.M)
    return re.sub(r"\n{2,}", "\n", text).strip()


def main() -> int:
    if "ANTHROPIC_API_KEY" not in os.environ:
        print("Set ANTHROPIC_API_KEY first.", file=sys.stderr)
        return 2
    client = anthropic.Anthropic()  # reads ANTHROPIC_API_KEY from the environment
    transcript = clean(open(sys.argv[1], encoding="utf-8").read())
    chunks = [transcript[i:i + 60000] for i in range(0, len(transcript), 60000)] or [""]
    parts = []
    for chunk in chunks:
        msg = client.messages.create(
            model="claude-sonnet-4-5",
            max_tokens=1500,
            messages=[{"role": "user", "content": PROMPT + chunk}],
        )
        parts.append(msg.content[0].text)
    print("\n\n".join(parts))
    return 0


if __name__ == "__main__":
    sys.exit(main())
