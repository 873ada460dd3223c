"""Static batch deobfuscator: resolves %var:~start,len% substrings. Never executes input."""
import re
import sys

SET = re.compile(r'^\s*set\s+"?([A-Za-z0-9_]+)=(.*?)"?\s*$', re.I)
SUB = re.compile(r'%([A-Za-z0-9_]+):~(-?\d+),(-?\d+)%')
VAR = re.compile(r'%([A-Za-z0-9_]+)%')


def resolve(text: str, env: dict) -> str:
    text = SUB.sub(lambda m: env.get(m[1], "")[int(m[2]):int(m[2]) + int(m[3])], text)
    return VAR.sub(lambda m: env.get(m[1], m[0]), text)


def main(path: str) -> None:
    env: dict[str, str] = {}
    for line in open(path, encoding="utf-8", errors="replace"):
        m = SET.match(line)
        if m:
            env[m[1]] = resolve(m[2], env)
            print(f"set {m[1]} = {env[m[1]]!r}")
        elif "%" in line:
            print("resolved:", resolve(line.strip(), env))


if __name__ == "__main__":
    main(sys.argv[1])
