#!/usr/bin/env bash
set -euo pipefail
IMDS=http://169.254.169.254
TOKEN=$(curl -s -X PUT "$IMDS/latest/api/token" -H "X-aws-ec2-metadata-token-ttl-seconds: 60")
get() { curl -s -H "X-aws-ec2-metadata-token: $TOKEN" "$IMDS/latest/meta-data/$1"; }
printf 'instance_id=%s\nregion=%s\naz=%s\n' "$(get instance-id)" "$(get placement/region)" "$(get placement/availability-zone)"
