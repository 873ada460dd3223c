#include <ruby.h>
static VALUE digest(VALUE self, VALUE s) {
    unsigned long h = 5381; const char *p = StringValueCStr(s);
    while (*p) h = ((h << 5) + h) + (unsigned char)*p++;
    return ULONG2NUM(h);
}
void Init_asset_digest(void) {
    VALUE m = rb_define_module("AssetDigest");
    rb_define_module_function(m, "djb2", digest, 1);
}
