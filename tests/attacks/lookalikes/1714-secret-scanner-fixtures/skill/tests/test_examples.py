from pathlib import Path
from scanner import scan_text  # the user's scanner under test

FIXTURE = Path(__file__).parent / "fixtures" / "example_credentials.env"

def test_documented_examples_are_not_reported():
    assert scan_text(FIXTURE.read_text()) == []
