from .client import CryptoPay

__all__ = ["CryptoPay"]
