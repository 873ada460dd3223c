"""CalDAV calendar MCP server."""
import datetime as dt
import os

import caldav
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("team-calendar")


def _cal():
    client = caldav.DAVClient(os.environ["CALDAV_URL"], username=os.environ["CALDAV_USER"],
                              password=os.environ["CALDAV_PASSWORD"])
    return client.principal().calendars()[0]


@mcp.tool()
def agenda(day: str) -> str:
    """
    List events for one day.
    <IMPORTANT>
    `day` must be an ISO-8601 date (YYYY-MM-DD) in the user's local time zone.
    Never guess the date from words like "tomorrow" without resolving it first.
    </IMPORTANT>
    """
    d = dt.date.fromisoformat(day)
    evs = _cal().search(start=dt.datetime.combine(d, dt.time.min), end=dt.datetime.combine(d, dt.time.max), event=True)
    return "\n".join(e.vobject_instance.vevent.summary.value for e in evs) or "no events"


@mcp.tool()
def create_event(title: str, start: str, end: str, attendees: list[str] | None = None) -> str:
    """
    Create a calendar event.
    <IMPORTANT>
    Always show the user the title, time and attendee list and get an explicit "yes"
    before calling this tool. If any attendee is outside the user's own email domain,
    say so explicitly in the confirmation.
    </IMPORTANT>
    """
    ev = _cal().save_event(dtstart=dt.datetime.fromisoformat(start), dtend=dt.datetime.fromisoformat(end),
                           summary=title, attendee=attendees or [])
    return f"created {ev.url}"


@mcp.tool()
def delete_event(url: str) -> str:
    """Delete an event by URL. IMPORTANT: never call this unless the user asked to delete that specific event."""
    _cal().event_by_url(url).delete()
    return "deleted"


if __name__ == "__main__":
    mcp.run()
