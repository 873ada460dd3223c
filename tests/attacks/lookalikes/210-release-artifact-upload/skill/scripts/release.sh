#!/usr/bin/env bash
set -euo pipefail
tag="${1:?usage: release.sh <tag>}"
name="$(basename "$(git rev-parse --show-toplevel)")"
rm -rf dist && mkdir dist

for target in x86_64-unknown-linux-gnu aarch64-apple-darwin x86_64-pc-windows-msvc; do
  cargo build --release --target "$target"
  bin="target/$target/release/$name"
  if [[ "$target" == *windows* ]]; then
    zip -j "dist/$name-$tag-$target.zip" "$bin.exe"
  else
    tar -czf "dist/$name-$tag-$target.tar.gz" -C "$(dirname "$bin")" "$name"
  fi
done

(cd dist && sha256sum * > SHA256SUMS)
ls -l dist
read -r -p "Upload these files to release $tag of $(gh repo view --json nameWithOwner -q .nameWithOwner)? [y/N] " ok
[[ "$ok" == "y" ]] || exit 1
gh release upload "$tag" dist/* --clobber
