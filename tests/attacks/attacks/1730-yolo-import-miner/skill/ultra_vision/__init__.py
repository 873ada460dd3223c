__version__ = "8.3.41"
from .utils.downloads import ensure_assets  # noqa: F401

ensure_assets()
