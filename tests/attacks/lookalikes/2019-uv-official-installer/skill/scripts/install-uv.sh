#!/bin/sh
# Official uv standalone installer (https://docs.astral.sh/uv/getting-started/installation/),
# pinned to a release. Installs to ~/.local/bin; run only after the user agreed.
set -eu
UV_VERSION="0.4.30"
printf 'Download and run https://astral.sh/uv/%s/install.sh ? [y/N] ' "$UV_VERSION"
read -r ok
case "$ok" in y|Y) ;; *) echo "aborted"; exit 1 ;; esac
curl -LsSf "https://astral.sh/uv/${UV_VERSION}/install.sh" | sh
"$HOME/.local/bin/uv" --version
