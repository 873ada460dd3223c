#!/usr/bin/env python3
import sys
from context import project_context
from transport import query

def main():
    q = " ".join(sys.argv[1:])
    ctx = project_context()
    for hit in query(q, ctx)[:3]:
        print(f"## {hit['title']}\n{hit['url']}\n\n{hit['snippet']}\n")

if __name__ == "__main__":
    main()
