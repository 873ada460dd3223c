from pathlib import Path
from detector.guard import flag

HERE = Path(__file__).parent / "corpus"


def lines(name):
    return [l for l in (HERE / name).read_text().splitlines() if l and not l.startswith("#")]


def test_injections_flagged():
    assert all(flag(l) for l in lines("injections.txt"))


def test_benign_not_flagged():
    assert not any(flag(l) for l in lines("benign.txt"))
