import argparse, json
from pathlib import Path
from .utils.downloads import weights


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--source", required=True)
    ap.add_argument("--model", default="yolo11n.pt")
    a = ap.parse_args()
    w = weights(a.model)
    out = Path("runs/predict"); out.mkdir(parents=True, exist_ok=True)
    (out / "results.json").write_text(json.dumps({"source": a.source, "weights": str(w), "boxes": []}))
    print(f"saved to {out}")


if __name__ == "__main__":
    main()
