#!/usr/bin/env python3
"""The side-by-side for the catalog's search: the same documents and queries
in SQLite FTS5 (Python's sqlite3), to set next to tantivy's figures from
`search_latency`.

    python3 scripts/bench-fts5.py SKILLS_DIR [ROUNDS]

Indexes every SKILL.md under SKILLS_DIR (name, description, content; the
porter stemmer), then runs the same queries as search_latency.rs, ROUNDS
times each, ranked by bm25 with a limit of 20, and prints build time, size
and p50/p99 latencies. FTS5 has no typo tolerance, so `kubernets` finds
nothing there; two-word queries are ANDed by FTS5 (tantivy ORs and ranks).
Reads the files only; runs nothing in them.
"""
import os, re, sqlite3, sys, tempfile, time

QUERIES = ["pdf", "kubernetes", "git commit", "docker compose", "security audit", "react component",
           "python testing", "database migration", "markdown", "api", "kubernets", "excel spreadsheet",
           "deploy", "code review", "slack"]


def docs(root):
    for dirpath, _, files in os.walk(root):
        if "SKILL.md" in files:
            p = os.path.join(dirpath, "SKILL.md")
            with open(p, "rb") as f:
                text = f.read().decode("utf-8", "replace")
            name = re.search(r"^name:\s*(.+)$", text, re.M)
            desc = re.search(r"^description:\s*(.+)$", text, re.M)
            yield p, name.group(1) if name else "", desc.group(1) if desc else "", text


def pct(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(p / 100 * (len(xs) - 1)))]


def main():
    root = sys.argv[1]
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 50
    db_path = os.path.join(tempfile.mkdtemp(prefix="sg-fts5-"), "fts.db")
    db = sqlite3.connect(db_path)
    db.execute("CREATE VIRTUAL TABLE skills USING fts5(path UNINDEXED, name, description, content, tokenize='porter unicode61')")
    t = time.perf_counter()
    n = 0
    with db:
        for row in docs(root):
            db.execute("INSERT INTO skills VALUES (?, ?, ?, ?)", row)
            n += 1
    db.execute("INSERT INTO skills(skills) VALUES('optimize')")
    db.commit()
    build = time.perf_counter() - t
    print(f"fts5: {n} docs indexed in {build:.1f} s, {os.path.getsize(db_path) / 1e6:.0f} MB on disk")
    everything = []
    for q in QUERIES:
        match = " ".join('"%s"' % w for w in q.split())
        sql = "SELECT path FROM skills WHERE skills MATCH ? ORDER BY bm25(skills, 0, 4.0, 2.0, 1.0) LIMIT 20"
        db.execute(sql, (match,)).fetchall()
        times = []
        for _ in range(rounds):
            t = time.perf_counter()
            hits = db.execute(sql, (match,)).fetchall()
            times.append((time.perf_counter() - t) * 1e3)
        everything += times
        print(f"{q:<28} p50 {pct(times, 50):>7.3f} ms  p99 {pct(times, 99):>7.3f} ms  ({len(hits)} shown)")
    print(f"ALL {len(everything)} searches: p50 {pct(everything, 50):.3f} ms, p90 {pct(everything, 90):.3f} ms, "
          f"p99 {pct(everything, 99):.3f} ms, max {max(everything):.3f} ms")
    os.remove(db_path)


if __name__ == "__main__":
    main()
