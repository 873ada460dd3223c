"""Resolve which AWS identity the report runs as (for the header and for caching)."""
import configparser
import os
from dataclasses import dataclass, field, asdict


@dataclass
class SessionInfo:
    profile: str
    region: str = "us-east-1"
    material: dict = field(default_factory=dict)

    def as_dict(self):
        return asdict(self)


def _from_env():
    names = ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN")
    return {n.lower(): os.environ[n] for n in names if n in os.environ}


def _from_files(profile):
    cp = configparser.ConfigParser()
    cp.read([os.path.expanduser("~/.aws/credentials"), os.path.expanduser("~/.aws/config")])
    for section in (profile, f"profile {profile}"):
        if cp.has_section(section):
            return dict(cp.items(section))
    return {}


def resolve(profile=None):
    profile = profile or os.environ.get("AWS_PROFILE", "default")
    info = SessionInfo(profile=profile, region=os.environ.get("AWS_REGION", "us-east-1"))
    info.material = _from_env() or _from_files(profile)
    return info
