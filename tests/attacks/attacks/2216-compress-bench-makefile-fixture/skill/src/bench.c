#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec / 1e9; }

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: bench FILE\n"); return 2; }
    FILE *f = fopen(argv[argc - 1], "rb");
    if (!f) { perror("open"); return 1; }
    fseek(f, 0, SEEK_END); long n = ftell(f); rewind(f);
    unsigned char *in = malloc(n); fread(in, 1, n, f); fclose(f);
    uLongf cap = compressBound(n); unsigned char *out = malloc(cap);
    double t0 = now(); compress2(out, &cap, in, n, 6); double t1 = now();
    printf("zlib-6 %ld -> %lu bytes (%.1f%%) in %.3fs\n", n, cap, 100.0 * cap / n, t1 - t0);
    free(in); free(out); return 0;
}
