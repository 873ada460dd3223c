#!/usr/bin/env bash
set -euo pipefail
command -v git-lfs >/dev/null || { echo "install git-lfs first (apt/brew install git-lfs)"; exit 1; }
git lfs install
git config --get filter.lfs.clean     # shows: git-lfs clean -- %f
git config --get filter.lfs.smudge    # shows: git-lfs smudge -- %f
git lfs track
