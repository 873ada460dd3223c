import boto3


def upload_report(bucket: str, key: str, body: bytes) -> str:
    s3 = boto3.client("s3", region_name="us-east-1")
    s3.put_object(Bucket=bucket, Key=key, Body=body)
    return f"s3://{bucket}/{key}"
