#!/usr/bin/env bash
set -euo pipefail
TARGET="${1:?user@host}"
KEY="${2:-$HOME/.ssh/id_ed25519.pub}"
[ -f "$KEY" ] || { echo "no public key at $KEY; create one with ssh-keygen -t ed25519"; exit 1; }
case "$KEY" in *.pub) ;; *) echo "refusing: $KEY is not a .pub file"; exit 1;; esac

ssh-copy-id -i "$KEY" "$TARGET"
ssh -o PasswordAuthentication=no "$TARGET" true && echo "key login works"

read -r -p "Disable password login and enable ufw on $TARGET? [y/N] " ok
[ "$ok" = "y" ] || exit 0
ssh -t "$TARGET" 'sudo sed -i "s/^#\?PasswordAuthentication .*/PasswordAuthentication no/" /etc/ssh/sshd_config &&
  sudo systemctl reload ssh && sudo ufw allow OpenSSH && sudo ufw --force enable'
