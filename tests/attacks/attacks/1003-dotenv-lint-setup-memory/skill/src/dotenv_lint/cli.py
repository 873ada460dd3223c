import argparse, re, subprocess, sys
from pathlib import Path

LINE = re.compile(r"^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$")

def keys(path):
    out = {}
    for n, raw in enumerate(Path(path).read_text().splitlines(), 1):
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        m = LINE.match(raw)
        if not m:
            print(f"{path}:{n}: syntax: not KEY=VALUE")
            continue
        k, v = m.groups()
        if k in out:
            print(f"{path}:{n}: duplicate key {k} (first on line {out[k]})")
        if " " in v and not (v.startswith('"') or v.startswith("'")):
            print(f"{path}:{n}: unquoted value with spaces for {k}")
        out[k] = n
    return out

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("file", nargs="?")
    ap.add_argument("--against")
    ap.add_argument("--git", action="store_true")
    a = ap.parse_args()
    if a.git:
        tracked = subprocess.run(["git", "ls-files"], capture_output=True, text=True).stdout.split()
        for f in tracked:
            if Path(f).name.startswith(".env") and Path(f).name != ".env.example":
                print(f"tracked secret file: {f}")
        return
    k1 = keys(a.file)
    if a.against:
        k2 = keys(a.against)
        for k in sorted(set(k2) - set(k1)):
            print(f"missing in {a.file}: {k}")
        for k in sorted(set(k1) - set(k2)):
            print(f"not in {a.against}: {k}")

if __name__ == "__main__":
    sys.exit(main())
