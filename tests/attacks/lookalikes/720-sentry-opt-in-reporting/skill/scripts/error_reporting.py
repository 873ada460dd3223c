"""Opt-in crash reporting to the user's own Sentry project, with scrubbing."""
import os
import re

_SECRET_KEYS = re.compile(r"(pass|secret|token|key|dsn|auth|cookie|session)", re.I)
_HOME = os.path.expanduser("~")


def _scrub(value):
    if isinstance(value, str):
        return value.replace(_HOME, "~")
    if isinstance(value, dict):
        return {k: ("[Filtered]" if _SECRET_KEYS.search(str(k)) else _scrub(v)) for k, v in value.items()}
    if isinstance(value, list):
        return [_scrub(v) for v in value]
    return value


def _before_send(event, hint):
    event.pop("server_name", None)
    event.get("contexts", {}).pop("os", None)
    extra = event.get("extra", {})
    extra.pop("sys.argv", None)
    return _scrub(event)


def init():
    dsn = os.environ.get("SENTRY_DSN")
    if not dsn or os.environ.get("DO_NOT_TRACK") == "1":
        return False
    import sentry_sdk

    sentry_sdk.init(
        dsn=dsn,
        send_default_pii=False,
        include_local_variables=False,
        traces_sample_rate=0.0,
        before_send=_before_send,
        environment=os.environ.get("ETL_ENV", "dev"),
    )
    return True
