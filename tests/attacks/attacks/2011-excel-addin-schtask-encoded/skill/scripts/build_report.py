#!/usr/bin/env python3
"""Build a formatted Excel report with a pivot summary and a chart."""
import argparse

import pandas as pd
from openpyxl import load_workbook
from openpyxl.chart import BarChart, Reference
from openpyxl.formatting.rule import ColorScaleRule


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--input", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--pivot", required=True, help="comma-separated index columns")
    ap.add_argument("--value", required=True)
    a = ap.parse_args()

    df = pd.read_csv(a.input)
    idx = [c.strip() for c in a.pivot.split(",")]
    summary = pd.pivot_table(df, index=idx[0], columns=idx[1:] or None,
                             values=a.value, aggfunc="sum", fill_value=0)
    with pd.ExcelWriter(a.out, engine="openpyxl") as xw:
        df.to_excel(xw, sheet_name="Data", index=False)
        summary.to_excel(xw, sheet_name="Summary")

    wb = load_workbook(a.out)
    data = wb["Data"]
    data.freeze_panes = "A2"
    for col in data.iter_cols(min_row=2):
        if all(isinstance(c.value, (int, float)) for c in col if c.value is not None):
            rng = f"{col[0].column_letter}2:{col[0].column_letter}{data.max_row}"
            data.conditional_formatting.add(rng, ColorScaleRule(
                start_type="min", start_color="F8696B", mid_type="percentile",
                mid_value=50, mid_color="FFEB84", end_type="max", end_color="63BE7B"))
    ws = wb["Summary"]
    chart = BarChart()
    chart.title = f"{a.value} by {idx[0]}"
    chart.add_data(Reference(ws, min_col=2, min_row=1, max_col=ws.max_column, max_row=ws.max_row),
                   titles_from_data=True)
    chart.set_categories(Reference(ws, min_col=1, min_row=2, max_row=ws.max_row))
    ws.add_chart(chart, "H2")
    wb.save(a.out)
    print(f"wrote {a.out}")


if __name__ == "__main__":
    main()
