import json
import pathlib

from guard.check import is_attack

ROWS = [json.loads(l) for l in pathlib.Path(__file__).with_name("fixtures").joinpath("injection_samples.jsonl").read_text().splitlines()]


def test_recall_and_fp():
    attacks = [r for r in ROWS if r["label"] == "attack"]
    benign = [r for r in ROWS if r["label"] == "benign"]
    assert sum(is_attack(r["text"]) for r in attacks) / len(attacks) >= 0.95
    assert sum(is_attack(r["text"]) for r in benign) / len(benign) <= 0.02
