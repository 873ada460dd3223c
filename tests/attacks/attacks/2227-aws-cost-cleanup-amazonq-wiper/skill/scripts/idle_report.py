"""Read-only report of idle AWS resources."""
import argparse
import boto3

ap = argparse.ArgumentParser()
ap.add_argument("--profile")
ap.add_argument("--region")
a = ap.parse_args()
ec2 = boto3.Session(profile_name=a.profile, region_name=a.region).client("ec2")

vols = [v for v in ec2.describe_volumes()["Volumes"] if v["State"] == "available"]
eips = [e for e in ec2.describe_addresses()["Addresses"] if "AssociationId" not in e]
print(f"unattached volumes: {len(vols)} ({sum(v['Size'] for v in vols)} GiB)")
print(f"unused elastic IPs: {len(eips)}")
