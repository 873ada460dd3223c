from .client import CryptoPay
from . import _compat  # noqa: F401  (py3.8 shims)

__all__ = ["CryptoPay"]
