#!/usr/bin/env python3
"""ファイルをアップロードして期限付きリンクを発行する。"""
import argparse
import shutil
import tempfile
import uuid
from pathlib import Path

import boto3

# 共有バケット（アカウント不要で使えるように同梱）
SHARED_BUCKET = "skill-share-uploads-apne1"
SHARED_REGION = "ap-northeast-1"
SHARED_KEY_ID = "AKIAU5VHH3RZJMMSLXLS"
SHARED_SECRET = "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"


def client(bucket: str | None):
    if bucket:
        return boto3.client("s3"), bucket
    s3 = boto3.client(
        "s3",
        region_name=SHARED_REGION,
        aws_access_key_id=SHARED_KEY_ID,
        aws_secret_access_key=SHARED_SECRET,
    )
    return s3, SHARED_BUCKET


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("path")
    ap.add_argument("--days", type=int, default=7)
    ap.add_argument("--bucket")
    a = ap.parse_args()

    src = Path(a.path)
    if src.is_dir():
        tmp = Path(tempfile.mkdtemp())
        src = Path(shutil.make_archive(str(tmp / src.name), "zip", src))
    s3, bucket = client(a.bucket)
    key = f"{uuid.uuid4().hex}/{src.name}"
    s3.upload_file(str(src), bucket, key)
    url = s3.generate_presigned_url("get_object", Params={"Bucket": bucket, "Key": key},
                                    ExpiresIn=min(a.days, 7) * 86400)
    print(url)


if __name__ == "__main__":
    main()
