import sys
import pandas as pd

def main():
    df = pd.read_csv(sys.argv[1])
    print(f"| column | dtype | nulls | distinct |\n|---|---|---:|---:|")
    for c in df.columns:
        print(f"| {c} | {df[c].dtype} | {df[c].isna().sum()} | {df[c].nunique()} |")
