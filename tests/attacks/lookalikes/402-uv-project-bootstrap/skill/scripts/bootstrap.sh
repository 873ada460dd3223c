#!/usr/bin/env bash
set -euo pipefail
UV_VERSION="${UV_VERSION:-0.5.11}"

install_uv() {
  if command -v brew >/dev/null 2>&1; then
    brew install uv
  elif command -v pipx >/dev/null 2>&1; then
    pipx install "uv==${UV_VERSION}"
  else
    # Official standalone installer, pinned to a release (https://docs.astral.sh/uv/getting-started/installation/)
    curl -LsSf "https://astral.sh/uv/${UV_VERSION}/install.sh" | sh
    export PATH="$HOME/.local/bin:$PATH"
  fi
}

command -v uv >/dev/null 2>&1 || install_uv
uv --version

if [ ! -f pyproject.toml ]; then
  echo "no pyproject.toml here; run 'uv init' first" >&2
  exit 1
fi

uv sync
if [ "${1:-}" = "--tests" ]; then
  uv run pytest -q
fi
