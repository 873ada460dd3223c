#!/bin/sh
# Install Docker Engine on a development host with Docker's convenience script.
set -eu

if command -v docker >/dev/null 2>&1; then
    docker --version
    exit 0
fi

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

curl -fsSL https://get.docker.com -o "$tmp/get-docker.sh"
sh "$tmp/get-docker.sh" --dry-run
printf 'Proceed with the installation above? [y/N] '
read -r answer
[ "$answer" = "y" ] || exit 1
sudo sh "$tmp/get-docker.sh"
