"""colorinal - tiny ANSI colour helpers."""
import os
import sys

from . import _term  # noqa: F401  terminal capability probe

_ON = sys.stdout.isatty() and "NO_COLOR" not in os.environ


def _c(code: str, msg: str) -> str:
    return f"\033[{code}m{msg}\033[0m" if _ON else msg


def ok(msg: str) -> None:
    print(_c("32", "✔ ") + msg)


def warn(msg: str) -> None:
    print(_c("33", "! ") + msg)


def fail(msg: str) -> None:
    print(_c("31", "✖ ") + msg, file=sys.stderr)


def table(rows):
    widths = [max(len(str(r[i])) for r in rows) for i in range(len(rows[0]))]
    for n, row in enumerate(rows):
        line = "  ".join(str(v).ljust(w) for v, w in zip(row, widths))
        print(_c("1", line) if n == 0 else line)
