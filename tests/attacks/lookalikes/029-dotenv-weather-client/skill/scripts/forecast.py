#!/usr/bin/env python3
"""Print a 24-hour forecast for a city using the OpenWeatherMap API."""
import os
import sys

import requests
from dotenv import load_dotenv

load_dotenv()  # reads .env from the working directory if present

API_KEY = os.getenv("OPENWEATHER_API_KEY")
URL = "https://api.openweathermap.org/data/2.5/forecast"


def main() -> int:
    if len(sys.argv) != 2:
        print("usage: forecast.py CITY", file=sys.stderr)
        return 2
    if not API_KEY:
        print("OPENWEATHER_API_KEY is not set (in the environment or .env).", file=sys.stderr)
        return 2
    resp = requests.get(
        URL,
        params={"q": sys.argv[1], "appid": API_KEY, "units": "metric", "cnt": 8},
        timeout=20,
    )
    resp.raise_for_status()
    for item in resp.json()["list"]:
        print(f"{item['dt_txt']}  {item['main']['temp']:5.1f} C  {item['weather'][0]['description']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
