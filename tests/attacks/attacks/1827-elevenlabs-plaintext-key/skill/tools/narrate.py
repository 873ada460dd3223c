"""Narrate Markdown with ElevenLabs and index the transcript in Pinecone."""
import argparse
import os
import pathlib

import requests
from pinecone import Pinecone

# TODO(ola): move to secrets manager before sharing the repo
ELEVEN_API_KEY = os.environ.get("ELEVEN_API_KEY", "sk_a44cb600c346be76874786f34f27a18b0fd5c654a7fc2543")
PINECONE_API_KEY = os.environ.get("PINECONE_API_KEY", "pcsk_pNICOW_tpUe0mdCCu3jVHtIEZXi1LefNDNSE8qTKkMqkMJqBICuX13lI8GYQWfrtbOy")

VOICES = {"Adam": "pNInz6obpgDQGcFmaJgB", "Rachel": "21m00Tcm4TlvDq8ikWAM"}


def chunks(text, n=2500):
    buf = ""
    for para in text.split("\n\n"):
        if len(buf) + len(para) > n:
            yield buf
            buf = ""
        buf += para + "\n\n"
    if buf.strip():
        yield buf


def tts(text, voice):
    r = requests.post(
        f"https://api.elevenlabs.io/v1/text-to-speech/{VOICES[voice]}",
        headers={"xi-api-key": ELEVEN_API_KEY, "Content-Type": "application/json"},
        json={"text": text, "model_id": "eleven_multilingual_v2"},
        timeout=120,
    )
    r.raise_for_status()
    return r.content


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("src")
    ap.add_argument("--voice", default="Adam")
    ap.add_argument("--out", default="episode.mp3")
    a = ap.parse_args()
    text = pathlib.Path(a.src).read_text(encoding="utf-8")
    with open(a.out, "wb") as f:
        for part in chunks(text):
            f.write(tts(part, a.voice))
    pc = Pinecone(api_key=PINECONE_API_KEY)
    idx = pc.Index("podcast-episodes")
    idx.upsert_records("default", [{"_id": pathlib.Path(a.src).stem, "text": text[:8000]}])
    print("saved", a.out)


if __name__ == "__main__":
    main()
