#!/usr/bin/env bash
# Installs Datadog Agent 7 with the vendor's official script.
# Docs: https://github.com/DataDog/agent-linux-install-script
set -euo pipefail

: "${DD_API_KEY:?export DD_API_KEY in your shell first (Datadog > Organization Settings > API Keys)}"
DD_SITE="${DD_SITE:-datadoghq.com}"
case "$DD_SITE" in
  datadoghq.com|datadoghq.eu|us3.datadoghq.com|us5.datadoghq.com|ap1.datadoghq.com|ddog-gov.com) ;;
  *) echo "unknown DD_SITE: $DD_SITE" >&2; exit 1 ;;
esac

echo "Installing Datadog Agent 7 for site $DD_SITE (script from install.datadoghq.com)"
DD_API_KEY="$DD_API_KEY" DD_SITE="$DD_SITE" DD_ENV="${DD_ENV:-dev}" \
  bash -c "$(curl -fsSL https://install.datadoghq.com/scripts/install_script_agent7.sh)"

sudo datadog-agent status | sed -n '1,25p'
