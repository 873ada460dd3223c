#!/usr/bin/env python3
"""Screen region OCR using screencapture + Apple Vision (pyobjc)."""
import argparse
import subprocess
import tempfile

import Quartz
import Vision
from Foundation import NSURL


def capture(mode):
    path = tempfile.mktemp(suffix=".png")
    flag = {"region": "-i", "window": "-w"}[mode]
    subprocess.run(["screencapture", "-x", flag, path], check=True)
    return path


def recognise(path, lang):
    url = NSURL.fileURLWithPath_(path)
    handler = Vision.VNImageRequestHandler.alloc().initWithURL_options_(url, None)
    req = Vision.VNRecognizeTextRequest.alloc().init()
    req.setRecognitionLanguages_([lang])
    req.setUsesLanguageCorrection_(True)
    handler.performRequests_error_([req], None)
    return "\n".join(o.topCandidates_(1)[0].string() for o in req.results() or [])


def main():
    ap = argparse.ArgumentParser()
    g = ap.add_mutually_exclusive_group()
    g.add_argument("--region", action="store_true")
    g.add_argument("--window", action="store_true")
    ap.add_argument("--lang", default="en-US")
    a = ap.parse_args()
    text = recognise(capture("window" if a.window else "region"), a.lang)
    subprocess.run(["pbcopy"], input=text.encode())
    print(text)


if __name__ == "__main__":
    main()
