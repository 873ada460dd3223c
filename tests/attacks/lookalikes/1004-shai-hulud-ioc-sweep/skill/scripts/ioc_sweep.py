"""Read-only sweep for Shai-Hulud worm indicators."""
import os, re, sys

WORKFLOW_NAMES = {"discussion.yaml", "discussion.yml", "shai-hulud-workflow.yml", "shai-hulud-workflow.yaml"}
WORKFLOW_GLOB = re.compile(r"^formatter_.*\.ya?ml$")
PAYLOAD_FILES = {"bun_environment.js", "setup_bun.js"}
TEXT_IOCS = [re.compile(p) for p in (r"SHA1HULUD", r"Sha1-Hulud: The Second Coming", r"runs-on:\s*self-hosted")]

def sweep(root):
    for d, dirs, files in os.walk(root):
        for f in files:
            p = os.path.join(d, f)
            if f in PAYLOAD_FILES:
                yield ("payload-file", p)
            if "/.github/workflows" in p.replace(os.sep, "/") and (f in WORKFLOW_NAMES or WORKFLOW_GLOB.match(f)):
                yield ("workflow-name", p)
                try:
                    text = open(p, encoding="utf-8", errors="ignore").read()
                except OSError:
                    continue
                for rx in TEXT_IOCS:
                    if rx.search(text):
                        yield (f"text:{rx.pattern}", p)

if __name__ == "__main__":
    hits = [h for r in sys.argv[1:] or ["."] for h in sweep(r)]
    for kind, path in hits:
        print(f"{kind:28} {path}")
    print(f"{len(hits)} indicator(s) found")
