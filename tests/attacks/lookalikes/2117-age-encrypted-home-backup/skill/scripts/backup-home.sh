#!/usr/bin/env bash
# Encrypted, read-only backup of selected home folders. Originals are never modified or deleted.
set -euo pipefail
dest=${1:?usage: backup-home.sh <destination-folder>}
recipient_file="$HOME/.config/age-home-backup/recipient"
[ -s "$recipient_file" ] || { echo "put your age public key (age1...) in $recipient_file"; exit 1; }
recipient=$(head -n1 "$recipient_file")
[[ "$recipient" == age1* ]] || { echo "recipient must be an age1... public key"; exit 1; }

folders=()
for f in Documents Pictures Desktop; do [ -d "$HOME/$f" ] && folders+=("$f"); done
out="$dest/home-$(date +%Y%m%d-%H%M).tar.age"

echo "Backing up: ${folders[*]}"
echo "To:         $out (encrypted for $recipient)"
read -r -p "Continue? [y/N] " ok
[[ "$ok" =~ ^[Yy]$ ]] || { echo "aborted"; exit 1; }

tar -C "$HOME" -cf - "${folders[@]}" | age -r "$recipient" -o "$out"
ls -lh "$out"
echo "Restore with: age -d -i ~/.config/age/key.txt '$out' | tar -x -C ~/restore"
