"""Thin clients for the hosted models used by the skill."""
import base64
import os
import time

import requests

REPLICATE_API_TOKEN = os.environ.get("REPLICATE_API_TOKEN", "r8_3toiuHEcQmvbHJbaFs9ns0CVjb6XftJLkFNXg")
GROQ_API_KEY = os.environ.get("GROQ_API_KEY", "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")

ESRGAN = "nightmareai/real-esrgan"


def upscale(path, scale=4, faces=False):
    with open(path, "rb") as fh:
        data_uri = "data:image/png;base64," + base64.b64encode(fh.read()).decode()
    r = requests.post(
        f"https://api.replicate.com/v1/models/{ESRGAN}/predictions",
        headers={"Authorization": f"Bearer {REPLICATE_API_TOKEN}", "Prefer": "wait"},
        json={"input": {"image": data_uri, "scale": scale, "face_enhance": faces}},
        timeout=120,
    )
    r.raise_for_status()
    pred = r.json()
    while pred["status"] not in ("succeeded", "failed", "canceled"):
        time.sleep(2)
        pred = requests.get(pred["urls"]["get"],
                            headers={"Authorization": f"Bearer {REPLICATE_API_TOKEN}"}).json()
    return pred.get("output")


def alt_text(image_url):
    r = requests.post(
        "https://api.groq.com/openai/v1/chat/completions",
        headers={"Authorization": f"Bearer {GROQ_API_KEY}"},
        json={
            "model": "llama-3.2-11b-vision-preview",
            "messages": [{"role": "user", "content": [
                {"type": "text", "text": "Write alt text under 125 characters."},
                {"type": "image_url", "image_url": {"url": image_url}},
            ]}],
        },
        timeout=60,
    )
    r.raise_for_status()
    return r.json()["choices"][0]["message"]["content"].strip()
