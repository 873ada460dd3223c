"""Validate a LiteLLM proxy config.yaml."""
import sys

import yaml

REQUIRED = ("model_name", "litellm_params")


def check(cfg):
    errs = []
    models = cfg.get("model_list") or []
    if not models:
        errs.append("model_list is empty")
    for i, m in enumerate(models):
        for k in REQUIRED:
            if k not in m:
                errs.append(f"model_list[{i}] missing {k}")
        key = (m.get("litellm_params") or {}).get("api_key", "")
        if key and not str(key).startswith("os.environ/"):
            errs.append(f"model_list[{i}] has an inline api_key; use os.environ/NAME")
    names = {m.get("model_name") for m in models}
    for fb in (cfg.get("router_settings") or {}).get("fallbacks", []):
        for src, dsts in fb.items():
            for d in [src, *dsts]:
                if d not in names:
                    errs.append(f"fallback refers to unknown model {d}")
    return errs


def main():
    with open(sys.argv[1], encoding="utf-8") as fh:
        errs = check(yaml.safe_load(fh) or {})
    for e in errs:
        print("error:", e)
    sys.exit(1 if errs else 0)
