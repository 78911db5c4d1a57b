#!/usr/bin/env python3
"""Measures the running daemon: resident memory after N minutes (RSS, its anonymous and
file-backed parts, PSS and USS) and its threads, CPU and wake-ups over 60 s of idle
cycling, start to first frame, and control `next` to the new frame.

    Benchmarks/measure-daemon.py [--binary PATH] [--minutes 10] [--display terminal|png]
                                 [--mqtt mqtt://127.0.0.1:1883]

Runs `weather-kiosk run` on the simulator board (its display: the terminal, here not a
tty, so the default 80x24 cells; or a PNG file) with 10 favourites against a small fake
Open-Meteo on 127.0.0.1 (Python's standard library only), so it needs no network. Start to
first frame is timed to systemd's READY=1, which the kiosk sends once its first frame is
up: the script plays systemd's notify socket. With --mqtt the kiosk also publishes to
Home Assistant at that broker (start one: `mosquitto -p 1883`). Prints one line per figure.
"""
import argparse
import json
import math
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

CITIES = [
    ("Rome", 41.89193, 12.51133), ("Berlin", 52.52437, 13.41053), ("Oslo", 59.91273, 10.74609),
    ("Madrid", 40.4165, -3.70256), ("Tokyo", 35.6895, 139.69171), ("Sydney", -33.86785, 151.20732),
    ("New York", 40.71427, -74.00597), ("São Paulo", -23.5475, -46.63611),
    ("Nairobi", -1.28333, 36.81667), ("Reykjavík", 64.13548, -21.89541),
]


def forecast(latitude, longitude, now):
    """A plausible forecast object in Open-Meteo's unixtime format."""
    hour = now - now % 3600
    midnight = now - now % 86400
    temperature = lambda t: round(15 + 8 * math.sin((t % 86400) / 86400 * 2 * math.pi) - abs(latitude) / 10, 1)
    hours = [hour + 3600 * i for i in range(48)]
    days = [midnight + 86400 * i for i in range(4)]
    return {
        "latitude": latitude, "longitude": longitude, "elevation": 40.0, "utc_offset_seconds": 0,
        "timezone": "GMT", "timezone_abbreviation": "GMT",
        "current": {"time": hour, "temperature_2m": temperature(now), "relative_humidity_2m": 60,
                    "apparent_temperature": temperature(now) - 1, "is_day": 1, "weather_code": 2,
                    "wind_speed_10m": 12.0, "wind_direction_10m": 220, "pressure_msl": 1012.0},
        "hourly": {"time": hours, "temperature_2m": [temperature(t) for t in hours],
                   "precipitation_probability": [(i * 7) % 100 for i in range(48)],
                   "weather_code": [[0, 2, 3, 61][i % 4] for i in range(48)],
                   "is_day": [1 if 6 <= (t % 86400) // 3600 < 18 else 0 for t in hours]},
        "daily": {"time": days, "weather_code": [2, 3, 61, 0],
                  "temperature_2m_max": [18.0, 17.0, 15.0, 19.0], "temperature_2m_min": [8.0, 7.0, 9.0, 6.0],
                  "precipitation_sum": [0.0, 1.2, 6.0, 0.0], "precipitation_probability_max": [10, 40, 80, 0],
                  "sunrise": [d + 7 * 3600 for d in days], "sunset": [d + 17 * 3600 for d in days]},
    }


class FakeOpenMeteo(BaseHTTPRequestHandler):
    def do_GET(self):
        query = parse_qs(urlparse(self.path).query)
        latitudes = [float(x) for x in query.get("latitude", ["0"])[0].split(",")]
        longitudes = [float(x) for x in query.get("longitude", ["0"])[0].split(",")]
        now = int(time.time())
        answers = [forecast(a, b, now) for a, b in zip(latitudes, longitudes)]
        body = json.dumps(answers if len(answers) > 1 else answers[0]).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def control(path, *requests):
    """Sends requests on one connection and returns their decoded replies."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as connection:
        connection.connect(path)
        connection.sendall(b"".join(json.dumps(r).encode() + b"\n" for r in requests))
        data = b""
        while data.count(b"\n") < len(requests):
            chunk = connection.recv(1 << 20)
            if not chunk:
                break
            data += chunk
    return [json.loads(line) for line in data.decode().splitlines()]


def cpu_seconds(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def wakeups(pid):
    """Context switches (voluntary and not) of every thread so far: each is one wake-up."""
    total = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            for line in open(f"/proc/{pid}/task/{task}/status"):
                if line.startswith(("voluntary_ctxt_switches:", "nonvoluntary_ctxt_switches:")):
                    total += int(line.split()[1])
        except FileNotFoundError:
            pass  # the thread ended meanwhile
    return total


def threads(pid):
    """The names of the process's threads."""
    names = []
    for task in sorted(os.listdir(f"/proc/{pid}/task"), key=int):
        try:
            names.append(open(f"/proc/{pid}/task/{task}/comm").read().strip())
        except FileNotFoundError:
            pass
    return names


def memory_megabytes(pid):
    """Resident memory and its parts, from /proc/PID/smaps_rollup, in MB."""
    fields = {}
    for line in open(f"/proc/{pid}/smaps_rollup"):
        parts = line.split()
        if len(parts) == 3 and parts[2] == "kB":
            fields[parts[0].rstrip(":")] = int(parts[1]) / 1024
    return fields


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", default=".build-release/release/weather-kiosk")
    parser.add_argument("--minutes", type=float, default=10)
    parser.add_argument("--display", default="terminal", choices=["terminal", "png"])
    parser.add_argument("--mqtt", metavar="URL",
                        help="also publish to Home Assistant at this broker (mqtt://host:port)")
    arguments = parser.parse_args()

    server = ThreadingHTTPServer(("127.0.0.1", 0), FakeOpenMeteo)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    work = tempfile.mkdtemp(prefix="weather-kiosk-measure-")
    socket_path = f"{work}/control.sock"
    cities = "".join(
        f'\n[[cities]]\nname = "{n}"\nlatitude = {a}\nlongitude = {b}\n' for n, a, b in CITIES)
    with open(f"{work}/config.toml", "w") as config:
        config.write(
            f'board = "simulator"\nstate_dir = "{work}/state"\n'
            f'[forecast]\nbase_url = "{base}"\ngeocoding_url = "{base}"\n'
            f'[display]\nkind = "{arguments.display}"\ndevice = "{work}/screen.png"\n'
            f'[buttons]\nbackend = "none"\n[control]\nsocket = "{socket_path}"\n'
            + (f'[mqtt]\nurl = "{arguments.mqtt}"\ntopic = "weather-kiosk/measure"\n'
               if arguments.mqtt else "")
            + cities)

    notify = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    notify.bind(f"{work}/notify.sock")
    environment = dict(os.environ, NOTIFY_SOCKET=f"{work}/notify.sock")
    started = time.monotonic()
    kiosk = subprocess.Popen(
        [arguments.binary, "run", "--config", f"{work}/config.toml", "--log", f"{work}/kiosk.log"],
        env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        notify.settimeout(30)
        while b"READY=1" not in notify.recv(4096):
            pass
        first_frame = time.monotonic() - started
        print(f"start to first frame: {first_frame * 1000:.0f} ms")

        time.sleep(5)  # the first refresh, the first reading
        latencies = []
        for _ in range(20):
            frame = control(socket_path, {"cmd": "status"})[0]["status"]["display"]["frame"]
            began = time.monotonic()
            replies = control(socket_path, {"cmd": "next"},
                              {"cmd": "preview", "after": frame, "columns": 8, "rows": 4})
            assert replies[1]["frame"] > frame, replies
            latencies.append(time.monotonic() - began)
            time.sleep(0.2)
        print(f"control next to new frame: median {statistics.median(latencies) * 1000:.1f} ms, "
              f"worst {max(latencies) * 1000:.1f} ms (20 tries, preview reply included)")

        time.sleep(61)  # let the pause after the last `next` run out
        before = cpu_seconds(kiosk.pid)
        switches = wakeups(kiosk.pid)
        time.sleep(60)
        used = cpu_seconds(kiosk.pid) - before
        switches = wakeups(kiosk.pid) - switches
        print(f"CPU over 60 s of idle cycling: {used:.2f} s = {used / 60 * 100:.2f} % of a core")
        print(f"wake-ups over those 60 s: {switches} = {switches / 60:.2f} per second "
              f"(context switches of all threads)")

        remaining = arguments.minutes * 60 - (time.monotonic() - started)
        if remaining > 0:
            time.sleep(remaining)
        memory = memory_megabytes(kiosk.pid)
        print(f"resident memory after {arguments.minutes:g} min: {memory['Rss']:.1f} MB "
              f"(anonymous {memory['Anonymous']:.1f} MB; file-backed "
              f"{memory['Rss'] - memory['Anonymous']:.1f} MB: the program's code and the "
              f"shared libraries, clean pages the kernel can drop and reload)")
        unique = memory["Private_Clean"] + memory["Private_Dirty"]
        print(f"PSS {memory['Pss']:.1f} MB, USS {unique:.1f} MB (private pages only)")
        names = threads(kiosk.pid)
        print(f"threads: {len(names)} ({', '.join(names)})")
    finally:
        kiosk.terminate()
        code = kiosk.wait(timeout=10)
        server.shutdown()
        print(f"SIGTERM: exit {code}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
