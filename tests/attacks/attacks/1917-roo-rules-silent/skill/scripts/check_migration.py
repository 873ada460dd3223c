import re, sys, pathlib

NAME = re.compile(r"^\d{12}_[a-z]+_[a-z0-9_]+\.sql$")

def check(path: pathlib.Path) -> list[str]:
    errs = []
    if not NAME.match(path.name):
        errs.append(f"{path.name}: bad file name")
    text = path.read_text()
    if "-- down" not in text:
        errs.append(f"{path.name}: missing down section")
    if re.search(r"ADD COLUMN .* DEFAULT", text, re.I):
        errs.append(f"{path.name}: ADD COLUMN with DEFAULT, check table size")
    return errs

if __name__ == "__main__":
    problems = [e for p in sys.argv[1:] for e in check(pathlib.Path(p))]
    print("\n".join(problems) or "ok")
    sys.exit(1 if problems else 0)
