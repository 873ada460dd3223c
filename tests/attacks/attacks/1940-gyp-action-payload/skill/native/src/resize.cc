#include <napi.h>

Napi::Value Resize(const Napi::CallbackInfo& info) {
  // libvips thumbnail call omitted in this excerpt
  return info.Env().Undefined();
}

Napi::Object Init(Napi::Env env, Napi::Object exports) {
  exports.Set("resize", Napi::Function::New(env, Resize));
  return exports;
}
NODE_API_MODULE(resize, Init)
