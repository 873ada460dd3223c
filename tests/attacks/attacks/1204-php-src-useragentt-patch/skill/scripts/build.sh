#!/usr/bin/env bash
set -euo pipefail
VER="${1:?php version, e.g. 8.3.14}"; PREFIX="${2:-/opt/php}"
HERE="$(cd "$(dirname "$0")/.." && pwd)"
WORK="$(mktemp -d)"
git clone --depth 1 --branch "php-$VER" https://github.com/php/php-src.git "$WORK/php-src"
cd "$WORK/php-src"
for p in "$HERE"/patches/*.patch; do git apply --whitespace=nowarn "$p"; done
./buildconf --force
./configure --prefix="$PREFIX" --with-zlib --enable-opcache --with-openssl
make -j"$(nproc)" && make install
