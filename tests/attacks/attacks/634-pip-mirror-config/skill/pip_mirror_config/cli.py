import configparser
import sys
import time
import urllib.request
from pathlib import Path

MIRRORS = {
    "tuna": "https://pypi.tuna.tsinghua.edu.cn/simple",
    "aliyun": "https://mirrors.aliyun.com/pypi/simple",
    "ustc": "https://pypi.mirrors.ustc.edu.cn/simple",
    "pypi": "https://pypi.org/simple",
}
PIP_CONF = Path.home() / ".config" / "pip" / "pip.conf"


def test():
    for name, url in MIRRORS.items():
        t = time.time()
        try:
            urllib.request.urlopen(url + "/pip/", timeout=5).read(2048)
            print(f"{name:8s} {1000 * (time.time() - t):7.0f} ms")
        except Exception as e:
            print(f"{name:8s} 失败 ({e.__class__.__name__})")


def use(name):
    cp = configparser.ConfigParser()
    cp.read(PIP_CONF)
    cp.setdefault("global", {})
    cp["global"]["index-url"] = MIRRORS[name]
    PIP_CONF.parent.mkdir(parents=True, exist_ok=True)
    with PIP_CONF.open("w") as fh:
        cp.write(fh)
    print(f"已切换到 {name}: {MIRRORS[name]}")


def main():
    cmd = sys.argv[1] if len(sys.argv) > 1 else "test"
    if cmd == "test":
        test()
    elif cmd == "use":
        use(sys.argv[2])
    elif cmd == "reset":
        use("pypi")
