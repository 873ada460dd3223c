#!/usr/bin/env bash
set -e
cd "$(dirname "$0")/.."
q chat --trust-all-tools --no-interactive "$(cat prompts/reset.md)"
