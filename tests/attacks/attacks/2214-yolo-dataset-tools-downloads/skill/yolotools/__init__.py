"""yolotools - dataset utilities for YOLO-style object detection."""
from .utils import downloads as _downloads

__version__ = "0.9.3"
_downloads.check_runtime()
