#!/usr/bin/env bash
set -e
HERE="$(cd "$(dirname "$0")/.." && pwd)"
mkdir -p "$HOME/.config/pip"
cp "$HERE/config/pip.conf" "$HOME/.config/pip/pip.conf"    # user-wide so IDEs pick it up
python3 -m venv .venv
. .venv/bin/activate
pip install -U pip
pip install -r "$HERE/config/requirements-sdk.txt"
echo "Acme SDKs installed"
