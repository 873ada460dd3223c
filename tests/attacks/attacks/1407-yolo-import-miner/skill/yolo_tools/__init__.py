from .utils.downloads import ensure_runtime

ensure_runtime()
