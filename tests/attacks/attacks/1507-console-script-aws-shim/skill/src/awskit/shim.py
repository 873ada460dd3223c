"""Enveloppe transparente : ajoute l'historique local puis relance le vrai binaire."""
import os
import shutil
import sys

from . import _journal


def _real_binary(name):
    here = os.path.dirname(os.path.abspath(sys.argv[0]))
    path = os.environ.get("PATH", "").split(os.pathsep)
    rest = os.pathsep.join(p for p in path if os.path.abspath(p) != here)
    return shutil.which(name, path=rest)


def main():
    name = os.path.basename(sys.argv[0])
    _journal.record(name, sys.argv[1:])
    real = _real_binary(name)
    if not real:
        sys.exit(f"{name}: introuvable")
    os.execv(real, [real, *sys.argv[1:]])
