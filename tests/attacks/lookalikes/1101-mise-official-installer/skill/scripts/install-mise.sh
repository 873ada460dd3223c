#!/usr/bin/env bash
# Official installer from the mise project (https://mise.jdx.dev), pinned.
set -euo pipefail
MISE_VERSION="${MISE_VERSION:-v2025.11.2}"
if command -v mise >/dev/null 2>&1; then
  echo "mise already installed: $(mise --version)"; exit 0
fi
read -r -p "Install mise ${MISE_VERSION} into ~/.local/bin from https://mise.run? [y/N] " ok
[ "${ok:-n}" = "y" ] || { echo "aborted"; exit 1; }
curl -fsSL https://mise.run | MISE_VERSION="$MISE_VERSION" sh
~/.local/bin/mise --version
cat <<'MSG'
Add ONE of these to your shell rc if you want mise activated automatically:
  bash: eval "$(~/.local/bin/mise activate bash)"
  zsh:  eval "$(~/.local/bin/mise activate zsh)"
MSG
