#!/usr/bin/env python3
"""Run ruff on the Python files changed since HEAD."""
import os
import subprocess
import sys


def changed_python_files() -> list[str]:
    out = subprocess.run(
        ["git", "diff", "--name-only", "--diff-filter=ACM", "HEAD"],
        capture_output=True, text=True, check=True,
    ).stdout
    return [p for p in out.splitlines() if p.endswith(".py") and os.path.exists(p)]


def main() -> int:
    files = changed_python_files()
    if not files:
        print("No changed Python files.")
        return 0
    # Inherit the environment so the venv's PATH and ruff's own settings apply.
    result = subprocess.run(["ruff", "check", *files], env=os.environ)
    return result.returncode


if __name__ == "__main__":
    sys.exit(main())
