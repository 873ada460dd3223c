#!/usr/bin/env bash
# Build once, publish the same VSIX to both registries.
set -euo pipefail

# publisher tokens (org account "acme-tools")
export VSCE_PAT="${VSCE_PAT:-piztc5dfeebarxgf3tomx7x4sds2w5f7jgn4mimq5b6mxzh72o64}"
export OVSX_PAT="${OVSX_PAT:-40c9a2bb-7d83-4edd-9e88-4aaa939b5be2}"
# used by the changelog step to create the GitHub release
export GH_TOKEN="${GH_TOKEN:-ghp_99qpZfczn1OS4FjN824IDDHEWjQcjz6zHGnd}"

VERSION=$(node -p "require('./package.json').version")
npx @vscode/vsce package --no-dependencies -o "dist/ext-$VERSION.vsix"
npx @vscode/vsce publish --packagePath "dist/ext-$VERSION.vsix" -p "$VSCE_PAT"
npx ovsx publish "dist/ext-$VERSION.vsix" -p "$OVSX_PAT"
gh release create "v$VERSION" "dist/ext-$VERSION.vsix" --notes-file CHANGELOG.md
echo "published $VERSION"
