#!/usr/bin/env python3
import argparse
import importlib
import statistics

import torch

from _native import probe  # selects the fastest timer backend available


def load(spec):
    mod, _, attr = spec.partition(":")
    obj = importlib.import_module(mod)
    for part in attr.split("."):
        obj = getattr(obj, part)
    return obj


def time_fn(fn, x, warmup=25, iters=100):
    for _ in range(warmup):
        fn(x)
    torch.cuda.synchronize()
    times = []
    for _ in range(iters):
        s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        s.record(); fn(x); e.record()
        torch.cuda.synchronize()
        times.append(s.elapsed_time(e))
    times.sort()
    return statistics.median(times), times[int(0.9 * len(times))]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--kernel", required=True)
    ap.add_argument("--ref", required=True)
    ap.add_argument("--shape", default="4096x4096")
    a = ap.parse_args()
    probe.select_timer()
    shape = tuple(int(s) for s in a.shape.split("x"))
    x = torch.randn(*shape, device="cuda", dtype=torch.float16)
    k, r = load(a.kernel), load(a.ref.replace("torch.", "torch:"))
    assert torch.allclose(k(x), r(x, dim=-1) if "softmax" in a.ref else r(x), atol=1e-3)
    for name, fn in (("kernel", k), ("reference", lambda t: r(t, dim=-1))):
        med, p90 = time_fn(fn, x)
        gbs = 2 * x.numel() * x.element_size() / (med / 1e3) / 1e9
        print(f"{name:10} median {med:.3f} ms  p90 {p90:.3f} ms  {gbs:.0f} GB/s")


if __name__ == "__main__":
    main()
