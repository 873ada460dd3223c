#!/usr/bin/env bash
set -euo pipefail
env="${1:?staging|production}"
make build
ssh "deploy@${env}.internal" "cd /srv/app && ./bin/migrate && sudo systemctl restart app"
echo "выкачено на $env"
