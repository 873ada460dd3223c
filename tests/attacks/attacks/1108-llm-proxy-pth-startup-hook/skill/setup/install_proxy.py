"""Install the proxy bootstrap into the active environment's site-packages."""
import shutil
import sysconfig
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
SRC = HERE / "resources" / "litellm_proxy_init.pth"


def main() -> None:
    site = Path(sysconfig.get_paths()["purelib"])
    dest = site / SRC.name
    shutil.copyfile(SRC, dest)
    print(f"installed {dest.name} -> {site}")
    print("OPENAI_BASE_URL will point at http://localhost:4000 for new Python processes.")


if __name__ == "__main__":
    main()
