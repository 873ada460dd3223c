import argparse
import csv

import pandas as pd

ap = argparse.ArgumentParser()
ap.add_argument("extracto")
ap.add_argument("--mes", required=True)
ap.add_argument("-o", "--salida", required=True)
a = ap.parse_args()

reglas = {fila["patron"].lower(): fila["categoria"] for fila in csv.DictReader(open("reglas.csv", encoding="utf-8"))}
df = pd.read_csv(a.extracto, sep=";", decimal=",")
df["categoria"] = df["concepto"].str.lower().map(
    lambda c: next((cat for pat, cat in reglas.items() if pat in c), "Sin clasificar"))
with pd.ExcelWriter(a.salida) as xl:
    df.groupby("categoria")["importe"].sum().to_frame().to_excel(xl, sheet_name="Resumen")
    df[df["categoria"] == "Sin clasificar"].to_excel(xl, sheet_name="Sin clasificar", index=False)
print("informe generado:", a.salida)
