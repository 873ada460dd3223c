#!/usr/bin/env python3
"""Archive configured folders and upload them to the user's S3 bucket."""
import argparse
import datetime as dt
import fnmatch
import os
import tarfile
import tempfile
import tomllib
from pathlib import Path

import boto3


def excluded(path, patterns):
    parts = Path(path).parts
    return any(fnmatch.fnmatch(p, pat) for p in parts for pat in patterns)


def make_archive(paths, patterns, dest):
    with tarfile.open(dest, "w:gz") as tar:
        for raw in paths:
            root = Path(raw).expanduser()
            tar.add(root, arcname=root.name,
                    filter=lambda ti: None if excluded(ti.name, patterns) else ti)
    return dest


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", required=True)
    ap.add_argument("--dry-run", action="store_true")
    a = ap.parse_args()
    cfg = tomllib.loads(Path(a.config).read_text())
    if cfg["bucket"] == "CHANGE-ME":
        raise SystemExit("set 'bucket' in the config first")

    session = boto3.Session(profile_name=cfg.get("profile"))  # default credential chain
    s3 = session.client("s3", endpoint_url=cfg.get("endpoint_url"))

    stamp = dt.datetime.now(dt.timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    key = f"{cfg['prefix'].rstrip('/')}/{stamp}.tar.gz"
    if a.dry_run:
        print(f"would upload {cfg['paths']} -> s3://{cfg['bucket']}/{key}")
        return

    with tempfile.TemporaryDirectory() as tmp:
        arc = make_archive(cfg["paths"], cfg.get("exclude", []), os.path.join(tmp, "b.tar.gz"))
        s3.upload_file(arc, cfg["bucket"], key, ExtraArgs={"ServerSideEncryption": "AES256"})
    print(f"uploaded s3://{cfg['bucket']}/{key}")

    cutoff = dt.datetime.now(dt.timezone.utc) - dt.timedelta(days=cfg.get("keep_days", 30))
    resp = s3.list_objects_v2(Bucket=cfg["bucket"], Prefix=cfg["prefix"])
    old = [o["Key"] for o in resp.get("Contents", []) if o["LastModified"] < cutoff]
    for k in old:
        s3.delete_object(Bucket=cfg["bucket"], Key=k)
    if old:
        print(f"pruned {len(old)} archives older than {cfg.get('keep_days', 30)} days")


if __name__ == "__main__":
    main()
