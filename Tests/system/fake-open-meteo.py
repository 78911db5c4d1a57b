#!/usr/bin/env python3
"""A fake Open-Meteo forecast API for the system VM, on 127.0.0.1 only.

    fake-open-meteo.py PORT LOG       serve on 127.0.0.1:PORT
    fake-open-meteo.py --stdio LOG    serve the one connection on standard input and
                                      output (QEMU's guestfwd=...-cmd: starts it per
                                      connection, so no port is opened at all)

Answers /v1/forecast for every requested location and variable with deterministic,
plausible values (unix times, UTC, as many days as forecast_days asks, the day length and
UV index among them), like Sources/KioskTesting/FakeOpenMeteo.swift does for the Swift
tests, and /metalerts/current.json (MET Norway's warnings) with none in effect;
anything else gets Open-Meteo's 404 body. Every request line is appended
to LOG, so the checks can tell whether the kiosk asked. While a file LOG.hold exists, a
request is held unanswered (and logged as "held PATH"), so a check can see what the kiosk
shows before any answer from the network.
"""
import json
import math
import os
import socket
import sys
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

UNITS = {
    "temperature_2m": "°C", "apparent_temperature": "°C", "temperature_2m_max": "°C",
    "temperature_2m_min": "°C", "relative_humidity_2m": "%", "precipitation_probability": "%",
    "precipitation_probability_max": "%", "wind_speed_10m": "km/h", "wind_gusts_10m": "km/h",
    "wind_direction_10m": "°",
    "surface_pressure": "hPa", "pressure_msl": "hPa", "precipitation": "mm", "precipitation_sum": "mm",
    "weather_code": "wmo code", "is_day": "", "sunrise": "unixtime", "sunset": "unixtime",
    "daylight_duration": "s", "uv_index_max": "",
}


def value(name, t, latitude, index):
    """One deterministic value of variable `name` at unix time `t`."""
    phase = math.sin((t % 86400) / 86400 * 2 * math.pi - math.pi / 2)
    base = 15 - abs(latitude) / 6
    if name in ("temperature_2m", "apparent_temperature"):
        return round(base + 5 * phase - (1.5 if name == "apparent_temperature" else 0), 1)
    if name == "temperature_2m_max":
        return round(base + 5, 1)
    if name == "temperature_2m_min":
        return round(base - 5, 1)
    if name == "relative_humidity_2m":
        return int(60 - 20 * phase)
    if name in ("precipitation_probability", "precipitation_probability_max"):
        return (index * 17) % 80
    if name in ("precipitation", "precipitation_sum"):
        return round(((index * 7) % 5) * 0.3, 1)
    if name == "weather_code":
        return [0, 1, 2, 3, 45, 61, 80][index % 7]
    if name == "wind_speed_10m":
        return round(8 + 4 * phase, 1)
    if name == "wind_gusts_10m":
        return round(1.5 * (8 + 4 * phase), 1)
    if name == "wind_direction_10m":
        return (index * 37) % 360
    if name in ("surface_pressure", "pressure_msl"):
        return round(1013 + 3 * phase, 1)
    if name == "is_day":
        return 1 if 6 <= (t % 86400) // 3600 < 18 else 0
    if name == "sunrise":
        return t + 6 * 3600
    if name == "sunset":
        return t + 18 * 3600
    if name == "daylight_duration":
        return 12 * 3600.0  # from the sunrise to the sunset above
    if name == "uv_index_max":
        return round(max(0.0, 8 - abs(latitude) / 10 - (index % 3)), 2)
    return 0


def location(query, latitude, longitude, index, now):
    body = {
        "latitude": round(latitude * 50) / 50, "longitude": round(longitude * 50) / 50,
        "generationtime_ms": 0.5, "utc_offset_seconds": 0, "timezone": "GMT",
        "timezone_abbreviation": "GMT", "elevation": 34.0,
    }
    if index > 0:
        body["location_id"] = index
    midnight = now - now % 86400
    for block in ("current", "hourly", "daily"):
        names = [n for n in ",".join(query.get(block, [])).split(",") if n]
        if not names:
            continue
        if block == "current":
            t = now - now % 900
            body["current_units"] = {"time": "unixtime", "interval": "seconds",
                                     **{n: UNITS.get(n, "") for n in names}}
            body["current"] = {"time": t, "interval": 900,
                               **{n: value(n, t, latitude, 0) for n in names}}
            continue
        if block == "hourly":
            hours = int(query.get("forecast_hours", ["0"])[0] or 0)
            start = now - now % 3600 if hours else midnight
            count = hours or 24 * int(query.get("forecast_days", ["7"])[0])
            times = [start + 3600 * i for i in range(count)]
        else:
            times = [midnight + 86400 * i
                     for i in range(int(query.get("forecast_days", ["7"])[0]))]
        body[block + "_units"] = {"time": "unixtime", **{n: UNITS.get(n, "") for n in names}}
        series = {"time": times}
        for n in names:
            series[n] = [value(n, t, latitude, i) for i, t in enumerate(times)]
        body[block] = series
    return body


class Handler(BaseHTTPRequestHandler):
    def do_GET(self):
        hold = sys.argv[2] + ".hold"
        # The hold is Open-Meteo's: MET Norway's warnings (none) answer at once, as a
        # service that is up, so a held forecast is the only thing the kiosk waits for.
        if os.path.exists(hold) and not self.path.startswith("/metalerts/"):
            with open(sys.argv[2], "a", encoding="utf-8") as log:
                log.write("held " + self.path + "\n")
            deadline = time.time() + 600
            while os.path.exists(hold) and time.time() < deadline:
                time.sleep(0.2)
        with open(sys.argv[2], "a", encoding="utf-8") as log:
            log.write(self.path + "\n")
        url = urlsplit(self.path)
        query = parse_qs(url.query)
        if url.path == "/metalerts/current.json":
            # MET Norway's MetAlerts with nothing in effect, so that a place in Norway has
            # its warnings asked and answered (none), as on a Pi with the network.
            self.answer(200, {"type": "FeatureCollection", "features": []})
            return
        if url.path != "/v1/forecast":
            self.answer(404, {"error": True, "reason": "Not Found"})
            return
        try:
            latitudes = [float(x) for x in query["latitude"][0].split(",")]
            longitudes = [float(x) for x in query["longitude"][0].split(",")]
        except (KeyError, ValueError):
            self.answer(400, {"error": True, "reason": "Parameter latitude/longitude missing"})
            return
        now = int(time.time())
        bodies = [location(query, a, o, i, now)
                  for i, (a, o) in enumerate(zip(latitudes, longitudes))]
        self.answer(200, bodies[0] if len(bodies) == 1 else bodies)

    def answer(self, status, body):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *arguments):
        pass


if sys.argv[1] == "--stdio":
    Handler(socket.socket(fileno=0), ("10.0.2.100", 80), None)
else:
    ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), Handler).serve_forever()
