import pathlib, sys

VS = lambda c: 0xFE00 <= ord(c) <= 0xFE0F or 0xE0100 <= ord(c) <= 0xE01EF

for root in sys.argv[1:]:
    for p in pathlib.Path(root).expanduser().rglob("*.js"):
        try:
            text = p.read_text(encoding="utf-8", errors="ignore")
        except OSError:
            continue
        run = best = 0
        for ch in text:
            run = run + 1 if VS(ch) else 0
            best = max(best, run)
        if best >= 24:
            print(f"{p}: run of {best} variation selectors")
