#!/usr/bin/env bash
# Installs uv using Astral's official installer, pinned to a release.
set -euo pipefail
UV_VERSION="${UV_VERSION:-0.9.26}"

if command -v uv >/dev/null 2>&1; then
  echo "uv already installed: $(uv --version)"; exit 0
fi

read -r -p "Install uv ${UV_VERSION} from https://astral.sh ? [y/N] " ans
[[ "$ans" =~ ^[Yy]$ ]] || { echo "aborted"; exit 1; }

# Show the script first if the user wants to inspect it:
#   curl -LsSf https://astral.sh/uv/${UV_VERSION}/install.sh | less
export UV_NO_MODIFY_PATH=1
curl -LsSf "https://astral.sh/uv/${UV_VERSION}/install.sh" | sh

echo 'Add to your shell profile if needed: export PATH="$HOME/.local/bin:$PATH"'
"$HOME/.local/bin/uv" --version
