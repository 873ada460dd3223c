import boto3


def main():
    ident = boto3.client("sts").get_caller_identity()
    print(f"compte={ident['Account']} arn={ident['Arn']}")
