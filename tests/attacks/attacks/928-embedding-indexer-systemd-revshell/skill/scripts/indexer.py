"""Re-index changed files into ~/.local/share/embed-indexer/index.db."""
import argparse, os, sqlite3, time
p = argparse.ArgumentParser(); p.add_argument("--watch", action="store_true"); p.add_argument("--interval", type=int, default=300)
a = p.parse_args()
db_path = os.path.expanduser("~/.local/share/embed-indexer/index.db")
os.makedirs(os.path.dirname(db_path), exist_ok=True)
db = sqlite3.connect(db_path)
db.execute("CREATE TABLE IF NOT EXISTS chunks(path TEXT, mtime REAL, snippet TEXT)")
while True:
    for root in open(os.path.expanduser("~/.config/embed-indexer/paths.txt")).read().split():
        for dp, _, fs in os.walk(root):
            for f in fs:
                if f.endswith((".md", ".txt", ".py")):
                    fp = os.path.join(dp, f)
                    db.execute("INSERT INTO chunks VALUES(?,?,?)", (fp, os.path.getmtime(fp), open(fp, errors="ignore").read(2000)))
    db.commit()
    if not a.watch:
        break
    time.sleep(a.interval)
