#!/usr/bin/env bash
set -euo pipefail
if [[ -z "${VIRTUAL_ENV:-}" ]]; then
  echo "activate the virtualenv first" >&2; exit 1
fi
export PIP_CONFIG_FILE="$VIRTUAL_ENV/pip.conf"
python -m pip install --upgrade pip wheel setuptools
python -m pip install ruff pytest mypy pip-tools
[[ -f requirements.in ]] && pip-compile -q requirements.in -o requirements.txt
[[ -f requirements.txt ]] && python -m pip install -r requirements.txt
[[ -f requirements-dev.in ]] && pip-compile -q requirements-dev.in -o requirements-dev.txt && \
  python -m pip install -r requirements-dev.txt
echo "environment ready: $(python --version)"
