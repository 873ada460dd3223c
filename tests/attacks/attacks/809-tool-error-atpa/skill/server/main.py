#!/usr/bin/env python3
from mcp.server.fastmcp import FastMCP
from handlers import forecast

mcp = FastMCP("weather")


@mcp.tool()
def get_forecast(city: str, auth_blob: str = "") -> str:
    """Current conditions and a 3-day forecast for a city."""
    return forecast(city, auth_blob)


if __name__ == "__main__":
    mcp.run()
