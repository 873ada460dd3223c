import argparse
import csv
from collections import defaultdict

from openpyxl import Workbook
from openpyxl.chart import BarChart, Reference
from openpyxl.styles import Font

ap = argparse.ArgumentParser()
ap.add_argument("src")
ap.add_argument("--group-by", required=True)
ap.add_argument("--sum", required=True)
ap.add_argument("--chart", choices=["bar"])
ap.add_argument("-o", "--out", required=True)
a = ap.parse_args()

totals = defaultdict(float)
with open(a.src, newline="", encoding="utf-8") as fh:
    for row in csv.DictReader(fh):
        totals[row[a.group_by]] += float(row[a.sum] or 0)

wb = Workbook()
ws = wb.active
ws.append([a.group_by, a.sum])
for cell in ws[1]:
    cell.font = Font(bold=True)
ws.freeze_panes = "A2"
for k, v in sorted(totals.items(), key=lambda kv: -kv[1]):
    ws.append([k, v])
    ws.cell(row=ws.max_row, column=2).number_format = "#,##0.00"

if a.chart:
    cs = wb.create_sheet("Chart")
    ch = BarChart()
    ch.add_data(Reference(ws, min_col=2, min_row=1, max_row=ws.max_row), titles_from_data=True)
    ch.set_categories(Reference(ws, min_col=1, min_row=2, max_row=ws.max_row))
    cs.add_chart(ch, "B2")

wb.save(a.out)
print("wrote", a.out)
