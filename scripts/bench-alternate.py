#!/usr/bin/env python3
"""Times `BINARY scan CORPUS --json --no-git --fail-on none` for several
builds of skills-guide, alternating between them run by run (the order
reversed every other round), so that a shared machine's load falls on every
build alike. Prints each build's median wall and user CPU time with the min
and max. A benchmark, never a test.

Usage: bench-alternate.py ROUNDS CORPUS BINARY [BINARY ...]
"""
import resource
import statistics
import subprocess
import sys
import time


def main() -> None:
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    rounds, corpus, bins = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
    cmd = lambda b: [b, "scan", corpus, "--json", "--no-git", "--fail-on", "none"]
    res = {b: {"wall": [], "user": []} for b in bins}
    for b in bins:  # warm the page cache
        subprocess.run(cmd(b), stdout=subprocess.DEVNULL, check=True)
    for i in range(rounds):
        for b in bins if i % 2 == 0 else list(reversed(bins)):
            r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
            t0 = time.perf_counter()
            subprocess.run(cmd(b), stdout=subprocess.DEVNULL, check=True)
            t1 = time.perf_counter()
            r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
            res[b]["wall"].append((t1 - t0) * 1000)
            res[b]["user"].append((r1.ru_utime - r0.ru_utime) * 1000)
    for b in bins:
        w, u = res[b]["wall"], res[b]["user"]
        print(
            f"{b}: wall median {statistics.median(w):.0f} ms ({min(w):.0f} – {max(w):.0f}), "
            f"user CPU median {statistics.median(u):.0f} ms ({min(u):.0f} – {max(u):.0f})"
        )


if __name__ == "__main__":
    main()
