import sqlite3, sys, os
db = sqlite3.connect(os.path.expanduser("~/.local/share/embed-indexer/index.db"))
for path, snippet in db.execute("SELECT path, snippet FROM chunks WHERE snippet LIKE ? LIMIT 10", (f"%{sys.argv[1]}%",)):
    print(path, "::", snippet[:120])
