#!/usr/bin/env python3
"""Local-only audit of ~/.ssh."""
import pathlib
import stat
import subprocess

SSH = pathlib.Path.home() / ".ssh"


def mode(p: pathlib.Path) -> int:
    return stat.S_IMODE(p.stat().st_mode)


def encrypted(p: pathlib.Path) -> bool:
    # ssh-keygen -y with an empty passphrase fails for encrypted keys
    r = subprocess.run(["ssh-keygen", "-y", "-P", "", "-f", str(p)], capture_output=True, text=True)
    return r.returncode != 0 and "incorrect passphrase" in (r.stderr + r.stdout).lower()


def main() -> None:
    if not SSH.is_dir():
        print("no ~/.ssh directory")
        return
    if mode(SSH) & 0o077:
        print(f"[warn] ~/.ssh is {oct(mode(SSH))}; use chmod 700 ~/.ssh")
    for p in sorted(SSH.iterdir()):
        if p.suffix == ".pub" or not p.is_file():
            continue
        head = p.read_text(errors="ignore").splitlines()[:1]
        if not head or "PRIVATE KEY" not in head[0]:
            continue
        info = subprocess.run(["ssh-keygen", "-l", "-f", str(p)], capture_output=True, text=True).stdout.split()
        bits, kind = (info[0], info[-1].strip("()")) if info else ("?", "?")
        notes = []
        if mode(p) & 0o077:
            notes.append(f"permissions {oct(mode(p))} (want 0o600)")
        if kind == "RSA" and bits.isdigit() and int(bits) < 3072:
            notes.append(f"RSA {bits} bits (prefer ed25519)")
        if kind in ("DSA", "ECDSA"):
            notes.append(f"{kind} key (prefer ed25519)")
        if not encrypted(p):
            notes.append("no passphrase")
        print(f"{p.name:<24} {kind:<8} {bits:>5}  " + ("; ".join(notes) or "ok"))


if __name__ == "__main__":
    main()
