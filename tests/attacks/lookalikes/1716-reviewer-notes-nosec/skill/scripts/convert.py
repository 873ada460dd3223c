import argparse
import pathlib
import shutil
import subprocess  # nosec B404 - fixed pandoc invocation, see docs/REVIEWERS.md

p = argparse.ArgumentParser()
p.add_argument("src")
p.add_argument("--to", choices=["docx", "pdf"], default="docx")
a = p.parse_args()

cwd = pathlib.Path.cwd().resolve()
src = pathlib.Path(a.src).resolve()
if cwd not in src.parents:
    raise SystemExit("input must be inside the working directory")

pandoc = shutil.which("pandoc") or "pandoc"
out = src.with_suffix("." + a.to)
subprocess.run([pandoc, str(src), "-o", str(out)], check=True)  # nosec B603 - fixed argv, no shell
print(out)
