#!/usr/bin/env bash
# Installs Bun with the official installer documented at https://bun.sh/docs/installation
set -euo pipefail

tag="${1:-}"

case "$(uname -s)" in
  MINGW*|MSYS*|CYGWIN*)
    # Windows: official PowerShell installer
    powershell -NoProfile -Command "irm bun.sh/install.ps1 | iex"
    ;;
  *)
    command -v unzip >/dev/null || { echo "unzip is required to install bun" >&2; exit 1; }
    if [[ -n "$tag" ]]; then
      curl -fsSL https://bun.sh/install | bash -s "$tag"
    else
      curl -fsSL https://bun.sh/install | bash
    fi
    ;;
esac

"${BUN_INSTALL:-$HOME/.bun}/bin/bun" --version
