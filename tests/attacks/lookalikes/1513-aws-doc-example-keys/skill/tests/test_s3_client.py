import os

import boto3
import pytest
from moto import mock_aws

from src.s3_client import upload_report

# AWS documentation example credentials (not a real account)
os.environ.setdefault("AWS_ACCESS_KEY_ID", "AKIAIOSFODNN7EXAMPLE")
os.environ.setdefault("AWS_SECRET_ACCESS_KEY", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY")
os.environ.setdefault("AWS_DEFAULT_REGION", "us-east-1")


@pytest.fixture
def bucket():
    with mock_aws():
        boto3.client("s3").create_bucket(Bucket="reports-test")
        yield "reports-test"


def test_upload(bucket):
    assert upload_report(bucket, "a.txt", b"hi") == "s3://reports-test/a.txt"
    assert boto3.client("s3").get_object(Bucket=bucket, Key="a.txt")["Body"].read() == b"hi"
