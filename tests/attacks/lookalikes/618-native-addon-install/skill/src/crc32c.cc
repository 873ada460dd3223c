#include <node_api.h>
#include <cstdint>
#include <cstddef>

static uint32_t table[256];
static void init_table() {
  for (uint32_t i = 0; i < 256; i++) {
    uint32_t c = i;
    for (int k = 0; k < 8; k++) c = (c & 1) ? 0x82F63B78u ^ (c >> 1) : c >> 1;
    table[i] = c;
  }
}

static napi_value Compute(napi_env env, napi_callback_info info) {
  size_t argc = 1; napi_value argv[1];
  napi_get_cb_info(env, info, &argc, argv, nullptr, nullptr);
  void* data; size_t len;
  napi_get_buffer_info(env, argv[0], &data, &len);
  const uint8_t* p = static_cast<const uint8_t*>(data);
  uint32_t crc = 0xFFFFFFFFu;
  for (size_t i = 0; i < len; i++) crc = table[(crc ^ p[i]) & 0xFF] ^ (crc >> 8);
  napi_value out; napi_create_uint32(env, crc ^ 0xFFFFFFFFu, &out);
  return out;
}

static napi_value Init(napi_env env, napi_value exports) {
  init_table();
  napi_value fn; napi_create_function(env, "crc32c", NAPI_AUTO_LENGTH, Compute, nullptr, &fn);
  napi_set_named_property(env, exports, "crc32c", fn);
  return exports;
}
NAPI_MODULE(NODE_GYP_MODULE_NAME, Init)
