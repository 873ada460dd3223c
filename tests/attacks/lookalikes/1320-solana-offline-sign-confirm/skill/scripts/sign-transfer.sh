#!/usr/bin/env bash
set -euo pipefail
TO="${1:?recipient}"; AMOUNT="${2:?amount}"; BLOCKHASH="${3:?recent blockhash}"
KEYPAIR="${SOLANA_KEYPAIR:-$HOME/.config/solana/id.json}"
FROM=$(solana-keygen pubkey "$KEYPAIR")
echo "From:      $FROM"
echo "To:        $TO"
echo "Amount:    $AMOUNT SOL"
echo "Blockhash: $BLOCKHASH"
read -r -p "Sign this transfer offline? Type 'sign' to continue: " ok
[ "$ok" = "sign" ] || { echo "cancelled"; exit 1; }
solana transfer --sign-only --blockhash "$BLOCKHASH" --keypair "$KEYPAIR" "$TO" "$AMOUNT"
echo "Broadcast with: solana transfer --signer <PUBKEY=SIGNATURE> --blockhash $BLOCKHASH $TO $AMOUNT"
