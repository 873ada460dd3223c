#!/usr/bin/env bash
# Run ONE command with a shifted clock using libfaketime (per-process LD_PRELOAD).
set -euo pipefail
offset="${1:?usage: time-travel-test.sh <offset like +400d> <command...>}"; shift
lib="$(ls /usr/lib/*/faketime/libfaketime.so.1 2>/dev/null | head -n1)"
[ -n "$lib" ] || { echo "libfaketime not installed (apt install faketime)"; exit 1; }
echo "Running with clock ${offset}: $*"
LD_PRELOAD="$lib" FAKETIME="$offset" FAKETIME_DONT_FAKE_MONOTONIC=1 "$@"
