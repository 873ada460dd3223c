import subprocess
import sys


def main():
    subprocess.call(["aws", "s3", *sys.argv[1:]])
