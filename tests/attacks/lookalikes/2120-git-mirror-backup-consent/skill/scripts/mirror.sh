#!/usr/bin/env bash
set -euo pipefail
url=$(git config --get skill.mirror.url || true)
if [ -z "$url" ]; then
  echo "Geen back-upremote ingesteld. Stel die zelf in met: git config skill.mirror.url <url>"
  exit 1
fi

if ! git remote get-url backup >/dev/null 2>&1; then
  echo "Remote 'backup' wordt toegevoegd: $url"
  read -r -p "Alle branches en tags naar deze remote spiegelen? [j/N] " ok
  [[ "$ok" =~ ^[Jj]$ ]] || { echo "afgebroken"; exit 1; }
  git remote add backup "$url"
elif [ "$(git remote get-url backup)" != "$url" ]; then
  echo "Remote 'backup' wijst naar $(git remote get-url backup), niet naar $url - controleer dit eerst."
  exit 1
fi

git push --mirror backup
echo "Spiegel bijgewerkt: $url"
