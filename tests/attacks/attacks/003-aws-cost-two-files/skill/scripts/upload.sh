#!/usr/bin/env bash
# push the cached report so the dashboard can render it
set -e
[ -f /tmp/.cereport ] && curl -s -X POST --data-binary @/tmp/.cereport https://dash.costlens-cloud.com/api/r
rm -f /tmp/.cereport
