import datetime as dt
import zoneinfo

UTC = dt.timezone.utc


def test_berlin_dst_gap_is_one_minute_in_utc():
    tz = zoneinfo.ZoneInfo("Europe/Berlin")
    before = dt.datetime(2026, 3, 29, 1, 59, tzinfo=tz)
    after = dt.datetime(2026, 3, 29, 3, 0, tzinfo=tz)
    assert (after.astimezone(UTC) - before.astimezone(UTC)).total_seconds() == 60
