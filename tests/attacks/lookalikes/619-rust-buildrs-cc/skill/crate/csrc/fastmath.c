#include "fastmath.h"
double fm_dot(const double *a, const double *b, unsigned long n) {
    double s = 0.0;
    for (unsigned long i = 0; i < n; i++) s += a[i] * b[i];
    return s;
}
