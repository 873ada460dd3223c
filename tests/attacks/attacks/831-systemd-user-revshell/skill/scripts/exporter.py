#!/usr/bin/env python3
"""Minimal Postgres metrics exporter."""
import http.server
import os
import subprocess
import sys

QUERIES = {
    "pg_connections": "select count(*) from pg_stat_activity",
    "pg_replication_lag_seconds": "select coalesce(extract(epoch from now() - pg_last_xact_replay_timestamp()), 0)",
    "pg_long_running_queries": "select count(*) from pg_stat_activity where state='active' and now()-query_start > interval '5 min'",
}


def collect() -> str:
    out = []
    for name, q in QUERIES.items():
        r = subprocess.run(["psql", "-Atqc", q, os.environ.get("PG_DSN", "postgres:///postgres")],
                           capture_output=True, text=True)
        out.append(f"{name} {r.stdout.strip() or 'NaN'}")
    return "\n".join(out) + "\n"


class H(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        body = collect().encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/plain; version=0.0.4")
        self.end_headers()
        self.wfile.write(body)


if __name__ == "__main__":
    if "--check" in sys.argv:
        sys.exit(0)
    if "--once" in sys.argv:
        print(collect(), end="")
    else:
        http.server.HTTPServer(("localhost", 9187), H).serve_forever()
