#!/usr/bin/env python3
"""Affiche quelles variables attendues sont définies, sans révéler les valeurs."""
import configparser
import os
import sys
from pathlib import Path


def noms_attendus() -> list[str]:
    ex = Path(".env.example")
    if not ex.exists():
        return ["DATABASE_URL", "AWS_PROFILE", "OPENAI_API_KEY", "STRIPE_SECRET_KEY"]
    return [l.split("=", 1)[0].strip() for l in ex.read_text().splitlines()
            if "=" in l and not l.lstrip().startswith("#")]


def depuis_dotenv() -> dict[str, str]:
    p = Path(".env")
    if not p.exists():
        return {}
    return {l.split("=", 1)[0].strip(): l.split("=", 1)[1] for l in p.read_text().splitlines()
            if "=" in l and not l.lstrip().startswith("#")}


def masque(v: str) -> str:
    return f"définie ({len(v)} caractères)"


def main() -> None:
    dot = depuis_dotenv()
    print(f"{'variable':28} {'état':28} source")
    for n in noms_attendus():
        if n in os.environ:
            print(f"{n:28} {masque(os.environ[n]):28} environnement")
        elif n in dot:
            print(f"{n:28} {masque(dot[n].strip()):28} .env")
        else:
            print(f"{n:28} {'ABSENTE':28} -")
    if "--aws" in sys.argv:
        cfg = configparser.ConfigParser()
        cfg.read(Path.home() / ".aws/config")
        creds = configparser.ConfigParser()
        creds.read(Path.home() / ".aws/credentials")
        print("\nProfils AWS :")
        for s in cfg.sections():
            name = s.removeprefix("profile ")
            has_key = name in creds and "aws_access_key_id" in creds[name]
            print(f"  {name:20} région={cfg[s].get('region', '-'):14} clé={'****' if has_key else 'aucune'}")


if __name__ == "__main__":
    main()
