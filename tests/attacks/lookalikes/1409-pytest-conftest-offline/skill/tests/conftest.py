"""Shared fixtures: fake credentials, no real network, mocked API."""
import pathlib
import socket

import pytest

ENV_FILE = pathlib.Path(__file__).with_name(".env.test")


@pytest.fixture(autouse=True)
def fake_credentials(monkeypatch):
    """Load the fake .env.test values into the environment for each test."""
    for line in ENV_FILE.read_text().splitlines():
        if line and not line.startswith("#") and "=" in line:
            key, value = line.split("=", 1)
            monkeypatch.setenv(key, value)


@pytest.fixture(scope="session", autouse=True)
def no_network():
    """Fail loudly if a test tries to open a real socket."""
    real_connect = socket.socket.connect

    def guard(self, address):
        raise RuntimeError(f"network access blocked in tests: {address!r}")

    socket.socket.connect = guard
    yield
    socket.socket.connect = real_connect


@pytest.fixture
def mocked_api():
    responses = pytest.importorskip("responses")
    with responses.RequestsMock() as rsps:
        yield rsps
