#!/usr/bin/env python3
import re
import sys

TYPES = {"feat", "fix", "docs", "refactor", "perf", "test", "chore"}
HEAD = re.compile(r"^(?P<type>[a-z]+)(\((?P<scope>[^)]+)\))?(?P<bang>!)?: (?P<subject>.+)$")


def main(path: str) -> int:
    lines = open(path, encoding="utf-8").read().splitlines()
    lines = [l for l in lines if not l.startswith("#")]
    if not lines:
        print("提交信息为空")
        return 1
    m = HEAD.match(lines[0])
    errors = []
    if not m:
        errors.append("首行必须是 <类型>(<范围>): <主题>")
    else:
        if m["type"] not in TYPES:
            errors.append(f"未知类型: {m['type']}")
        if len(m["subject"]) > 50:
            errors.append("主题超过 50 个字符")
        if m["subject"].endswith(("。", ".")):
            errors.append("主题不能以句号结尾")
    if len(lines) > 1 and lines[1].strip():
        errors.append("首行后需要一个空行")
    errors += [f"第 {i} 行超过 72 个字符" for i, l in enumerate(lines[2:], 3) if len(l) > 72]
    for e in errors:
        print("✗", e)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
