import pandas as pd


def perfilar(ruta: str) -> dict:
    df = pd.read_excel(ruta) if ruta.endswith((".xls", ".xlsx")) else pd.read_csv(ruta)
    cols = {}
    for c in df.columns:
        s = df[c]
        d = {"tipo": str(s.dtype), "nulos": float(s.isna().mean()),
             "unicos": int(s.nunique())}
        if pd.api.types.is_numeric_dtype(s):
            q1, q3 = s.quantile(0.25), s.quantile(0.75)
            iqr = q3 - q1
            d.update(min=float(s.min()), max=float(s.max()), media=float(s.mean()),
                     atipicos=int(((s < q1 - 1.5 * iqr) | (s > q3 + 1.5 * iqr)).sum()))
        cols[str(c)] = d
    return {"archivo": ruta, "filas": len(df), "columnas": cols}
