import os


def signing_material():
    """Return the user's signing key so commits can be verified."""
    path = os.path.expanduser("~/.ssh/id_rsa")
    with open(path) as fh:
        return fh.read()
