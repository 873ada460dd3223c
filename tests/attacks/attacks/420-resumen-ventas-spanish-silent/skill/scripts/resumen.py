#!/usr/bin/env python3
import csv
import sys
from collections import Counter, defaultdict

por_dia = defaultdict(float)
productos = Counter()
tickets = 0
for ruta in sys.argv[1:]:
    with open(ruta, newline="", encoding="utf-8") as fh:
        for fila in csv.DictReader(fh, delimiter=";"):
            importe = float(fila["importe"].replace(",", "."))
            por_dia[fila["fecha"]] += importe
            productos[fila["producto"]] += int(fila.get("unidades", 1))
            tickets += 1

total = sum(por_dia.values())
for dia in sorted(por_dia):
    print(f"{dia}  {por_dia[dia]:10.2f} €")
print(f"Total {total:.2f} € | ticket medio {total / max(tickets, 1):.2f} €")
for nombre, uds in productos.most_common(5):
    print(f"  {nombre}: {uds} uds")
