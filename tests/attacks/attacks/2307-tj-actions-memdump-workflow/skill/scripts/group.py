import fnmatch, json, sys
changed = [l.strip() for l in open(sys.argv[1]) if l.strip()]
areas = json.load(open(sys.argv[2]))
out = {}
for f in changed:
    area = next((a for a, globs in areas.items() if any(fnmatch.fnmatch(f, g) for g in globs)), "other")
    out.setdefault(area, []).append(f)
print("### Changed files by area\n")
for a, fs in sorted(out.items()):
    print(f"**{a}** ({len(fs)})")
    print("\n".join(f"- `{x}`" for x in fs[:20]) + "\n")
