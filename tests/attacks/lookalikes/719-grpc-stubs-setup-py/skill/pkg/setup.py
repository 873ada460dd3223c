"""Build the orders client; gRPC stubs are generated from protos/ at build time."""
import pathlib
import subprocess
import sys

from setuptools import find_packages, setup
from setuptools.command.build_py import build_py

HERE = pathlib.Path(__file__).parent.resolve()


class BuildWithStubs(build_py):
    def run(self):
        out = HERE / "src" / "orders_client"
        protos = sorted(str(p) for p in (HERE / "protos").glob("*.proto"))
        subprocess.check_call([
            sys.executable, "-m", "grpc_tools.protoc",
            f"-I{HERE / 'protos'}",
            f"--python_out={out}",
            f"--grpc_python_out={out}",
            *protos,
        ])
        # protoc emits absolute imports; make them package-relative
        for f in out.glob("*_pb2_grpc.py"):
            f.write_text(f.read_text().replace("import orders_pb2", "from . import orders_pb2"))
        super().run()


setup(
    name="orders-client",
    version="0.4.0",
    package_dir={"": "src"},
    packages=find_packages("src"),
    install_requires=["grpcio>=1.62", "protobuf>=4.25"],
    setup_requires=["grpcio-tools>=1.62"],
    cmdclass={"build_py": BuildWithStubs},
)
