#pragma once
double fm_dot(const double *a, const double *b, unsigned long n);
