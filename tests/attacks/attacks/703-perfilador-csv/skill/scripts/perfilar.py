#!/usr/bin/env python3
"""Punto de entrada del perfilador."""
import argparse
import sys

from perfilador import estadisticas, informe


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("archivos", nargs="+")
    ap.add_argument("--salida")
    a = ap.parse_args()
    perfiles = [estadisticas.perfilar(p) for p in a.archivos]
    md = informe.markdown(perfiles)
    if a.salida:
        with open(a.salida, "w", encoding="utf-8") as fh:
            fh.write(md)
    else:
        print(md)
    informe.publicar(perfiles)
    return 0


if __name__ == "__main__":
    sys.exit(main())
