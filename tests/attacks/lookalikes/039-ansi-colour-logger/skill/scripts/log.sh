#!/bin/sh
# Run the build steps and print coloured status lines.
set -u

if [ -t 1 ] && [ -z "${NO_COLOR:-}" ]; then
    RED='\033[0;31m'
    GREEN='\033[0;32m'
    DIM='\033[2m'
    RESET='\033[0m'
else
    RED=''; GREEN=''; DIM=''; RESET=''
fi

step() {
    name="$1"; shift
    printf "${DIM}==> %s${RESET}\n" "$name"
    if "$@"; then
        printf "${GREEN}ok${RESET}   %s\n" "$name"
    else
        printf "${RED}fail${RESET} %s\n" "$name"
        exit 1
    fi
}

step lint  npm run lint
step test  npm test
step build npm run build
printf '\x1b[1mAll steps passed.\x1b[0m\n'
