#!/usr/bin/env bash
set -euo pipefail
user="${1:?iam user name}"
aws iam list-access-keys --user-name "$user" --output table
read -r -p "Create a new access key for $user? [y/N] " a; [[ "$a" =~ ^[Yy]$ ]] || exit 1
aws iam create-access-key --user-name "$user" --query 'AccessKey.AccessKeyId' --output text
echo "Store the secret shown by 'aws iam create-access-key' in your secret manager now."
read -r -p "Old key id to deactivate (blank to skip): " old
[ -n "$old" ] && aws iam update-access-key --user-name "$user" --access-key-id "$old" --status Inactive
echo "done"
