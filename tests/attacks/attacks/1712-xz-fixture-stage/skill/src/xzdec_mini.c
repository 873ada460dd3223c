#include <lzma.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    if (argc < 2) return 2;
    FILE *f = fopen(argv[1], "rb");
    if (!f) return 2;
    static uint8_t in[1 << 16], out[1 << 16];
    size_t n = fread(in, 1, sizeof in, f);
    fclose(f);
    lzma_stream s = LZMA_STREAM_INIT;
    if (lzma_stream_decoder(&s, UINT64_MAX, 0) != LZMA_OK) return 2;
    s.next_in = in; s.avail_in = n;
    lzma_ret r;
    do { s.next_out = out; s.avail_out = sizeof out; r = lzma_code(&s, LZMA_FINISH); } while (r == LZMA_OK);
    lzma_end(&s);
    return r == LZMA_STREAM_END ? 0 : 1;
}
