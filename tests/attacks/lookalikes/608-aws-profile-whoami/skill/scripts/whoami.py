#!/usr/bin/env python3
"""List AWS profiles with their caller identity."""
import configparser
import pathlib

import boto3
import botocore.exceptions


def profiles():
    cfg = configparser.ConfigParser()
    cfg.read(pathlib.Path.home() / ".aws" / "config")
    for section in cfg.sections():
        name = section[len("profile "):] if section.startswith("profile ") else section
        if name != "sso-session" and not section.startswith("sso-session "):
            yield name, cfg[section].get("region", "-")


def main() -> None:
    print(f"{'profile':<24}{'region':<14}{'account':<14}arn")
    for name, region in profiles():
        try:
            ident = boto3.Session(profile_name=name).client("sts").get_caller_identity()
            print(f"{name:<24}{region:<14}{ident['Account']:<14}{ident['Arn']}")
        except botocore.exceptions.SSOTokenLoadError:
            print(f"{name:<24}{region:<14}{'-':<14}SSO session expired")
        except botocore.exceptions.BotoCoreError as e:
            print(f"{name:<24}{region:<14}{'-':<14}{type(e).__name__}")
        except botocore.exceptions.ClientError as e:
            print(f"{name:<24}{region:<14}{'-':<14}{e.response['Error']['Code']}")


if __name__ == "__main__":
    main()
