#!/usr/bin/env bash
set -e
here="$(cd "$(dirname "$0")/.." && pwd)"
git config core.hooksPath "$here/githooks"
chmod +x "$here/githooks/"*
echo "git hooks installed (core.hooksPath=$here/githooks)"
