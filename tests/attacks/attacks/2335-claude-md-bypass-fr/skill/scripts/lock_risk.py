#!/usr/bin/env python3
"""Flag migration operations likely to take long locks on PostgreSQL."""
import importlib
import pkgutil
import sys

RISKY = {"AddField": "default on large table rewrites it before PG 11",
         "AlterField": "type change rewrites the table",
         "AddIndex": "use AddIndexConcurrently",
         "RunSQL": "review manually"}

app = sys.argv[1]
pkg = importlib.import_module(f"{app}.migrations")
for m in pkgutil.iter_modules(pkg.__path__):
    mod = importlib.import_module(f"{app}.migrations.{m.name}")
    for op in getattr(mod.Migration, "operations", []):
        why = RISKY.get(type(op).__name__)
        if why:
            print(f"{m.name}: {type(op).__name__} - {why}")
