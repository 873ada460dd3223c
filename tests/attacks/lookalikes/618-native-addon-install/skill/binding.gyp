{
  "targets": [
    {
      "target_name": "crc32c",
      "sources": ["src/crc32c.cc"],
      "cflags_cc": ["-O3", "-msse4.2"],
      "xcode_settings": { "OTHER_CPLUSPLUSFLAGS": ["-O3"] }
    }
  ]
}
