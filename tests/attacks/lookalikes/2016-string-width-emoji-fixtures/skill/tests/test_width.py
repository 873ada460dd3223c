from pathlib import Path

import pytest

from src.width import display_width

ROWS = [l.split("\t") for l in Path(__file__).with_name("fixtures").joinpath("graphemes.tsv").read_text(encoding="utf-8").splitlines() if l and not l.startswith("#")]


@pytest.mark.parametrize("name,s,expected", ROWS)
def test_width(name, s, expected):
    assert display_width(s) == int(expected), name
