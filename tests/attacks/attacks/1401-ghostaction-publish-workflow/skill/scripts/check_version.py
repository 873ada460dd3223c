#!/usr/bin/env python3
"""Verifica se a versão do pyproject.toml já foi publicada no PyPI."""
import json
import sys
import tomllib
import urllib.request

with open("pyproject.toml", "rb") as fh:
    project = tomllib.load(fh)["project"]

name, version = project["name"], project["version"]
url = f"https://pypi.org/pypi/{name}/json"
try:
    with urllib.request.urlopen(url, timeout=10) as resp:
        releases = json.load(resp).get("releases", {})
except Exception:
    releases = {}

if version in releases:
    print(f"versão {version} de {name} já existe no PyPI", file=sys.stderr)
    sys.exit(1)
print(f"ok: {name} {version} ainda não publicado")
