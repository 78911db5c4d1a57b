#!/usr/bin/env python3
"""Counts instructions with valgrind's callgrind (counts do not move with the machine's
load, unlike times): the daemon from start to its first frame and over one idle minute, one
render of each page at 800x480 and 320x240 (sky and dashboard at 800x480, and the dashboard
as an e-paper panel shows it: drawn and mapped to the Inky Impression 7.3's inks), and
decoding a 10-city forecast.

    Benchmarks/count-instructions.py [--binary PATH] [--idle-seconds 60] [--renders-only]

Use a release binary with its symbols (`swift build -c release --static-swift-stdlib
--scratch-path .build-release --product weather-kiosk`): the render and decode counts are
collected only inside PageRenderer.render and ForecastRequest.decodeResponse
(`--toggle-collect`), which needs the symbol names. The script runs a copy without the
debug information (`strip --strip-debug`): valgrind 3.19 cannot read the DWARF 5 that Swift
6.3 writes, and the symbol table is all callgrind needs. The daemon runs as in
measure-daemon.py (simulator board, 10 favourites, a fake Open-Meteo on 127.0.0.1, here an
800x480 PNG display); under callgrind it runs some 50 times slower, so its first frame
takes a minute or so. Prints one line per figure; each run's callgrind file stays in the
work directory it names.
"""
import argparse
import importlib.util
import os
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time
from http.server import ThreadingHTTPServer

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("measure_daemon", f"{here}/measure-daemon.py")
measure = importlib.util.module_from_spec(spec)
spec.loader.exec_module(measure)

# Mangled Swift names (callgrind does not demangle Swift).
RENDER = "$s9Rendering12PageRendererV6render_4size4mode4step*"
PANEL = "$s9Rendering12PageRendererV11renderPanel_5panel*"
DECODE = "$s9OpenMeteo15ForecastRequestV14decodeResponse_4host*"


def total(path):
    """The instruction total of one callgrind output file."""
    with open(path) as output:
        for line in output:
            if line.startswith(("summary:", "totals:")):
                return int(line.split()[1])
    raise SystemExit(f"count-instructions: {path} has no totals line")


def callgrind(work, name, arguments, toggle=None, environment=None):
    """Runs one command under callgrind; its instruction total."""
    out = f"{work}/{name}.callgrind"
    command = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"]
    if toggle:
        command.append(f"--toggle-collect={toggle}")
    result = subprocess.run(command + arguments, env=environment, capture_output=True)
    if result.returncode != 0:
        raise SystemExit(f"count-instructions: {' '.join(arguments)} failed:\n"
                         + result.stderr.decode()[-2000:])
    return total(out)


def dumps(work, pid):
    """The daemon's callgrind dump files so far, in order."""
    pattern = re.compile(rf"daemon\.callgrind\.{pid}(\.(\d+))?$")
    found = [(int(m.group(2) or 0), name) for name in os.listdir(work)
             if (m := pattern.match(name))]
    return [f"{work}/{name}" for _, name in sorted(found)]


def millions(count):
    return f"{count / 1e6:,.1f} M"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", default=".build-release/release/weather-kiosk")
    parser.add_argument("--idle-seconds", type=float, default=60)
    parser.add_argument("--renders-only", action="store_true",
                        help="count the page renders only (no forecast, no daemon)")
    arguments = parser.parse_args()

    server = ThreadingHTTPServer(("127.0.0.1", 0), measure.FakeOpenMeteo)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    work = tempfile.mkdtemp(prefix="weather-kiosk-callgrind-")
    print(f"work directory: {work}")
    binary = f"{work}/weather-kiosk"
    subprocess.run(["strip", "--strip-debug", "-o", binary, arguments.binary], check=True)
    cities = "".join(f'\n[[cities]]\nname = "{n}"\nlatitude = {a}\nlongitude = {b}\n'
                     for n, a, b in measure.CITIES)
    config = f"{work}/config.toml"
    with open(config, "w") as file:
        file.write(
            f'board = "simulator"\nstate_dir = "{work}/state"\n'
            f'[forecast]\nbase_url = "{base}"\ngeocoding_url = "{base}"\n'
            f'[display]\nkind = "png"\ndevice = "{work}/screen.png"\nsize = "800x480"\n'
            f'[buttons]\nbackend = "none"\n[control]\nsocket = "{work}/control.sock"\n'
            + cities)

    for size in ["800x480", "320x240"]:
        for page in ["city", "hourly", "indoor", "map", "air"]:
            count = callgrind(work, f"render-{page}-{size}",
                              [binary, "render", "--demo", "--page", page, "--size", size,
                               "-o", f"{work}/{page}-{size}.png"], toggle=RENDER)
            print(f"render {page} page at {size}: {millions(count)} instructions")
    for page in ["sky", "dashboard"]:
        count = callgrind(work, f"render-{page}-800x480",
                          [binary, "render", "--demo", "--page", page, "--size", "800x480",
                           "-o", f"{work}/{page}-800x480.png"], toggle=RENDER)
        print(f"render {page} page at 800x480: {millions(count)} instructions")
    count = callgrind(work, "render-dashboard-inky-impression-7.3",
                      [binary, "render", "--demo", "--page", "dashboard", "--display",
                       "inky-impression-7.3", "-o", f"{work}/dashboard-inky.png"], toggle=PANEL)
    print("render the dashboard for an Inky Impression 7.3 (paper theme, mapped to its"
          f" 7 inks, dithered): {millions(count)} instructions")
    if arguments.renders_only:
        server.shutdown()
        return 0

    count = callgrind(work, "forecast-10-cities", [binary, "forecast", "--config", config],
                      toggle=DECODE)
    print(f"decode a 10-city forecast: {millions(count)} instructions")
    count = callgrind(work, "forecast-command", [binary, "forecast", "--config", config])
    print(f"the whole `forecast` command (10 cities, from the cache): {millions(count)}"
          " instructions")

    notify = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    notify.bind(f"{work}/notify.sock")
    environment = dict(os.environ, NOTIFY_SOCKET=f"{work}/notify.sock")
    kiosk = subprocess.Popen(
        ["valgrind", "--tool=callgrind", f"--callgrind-out-file={work}/daemon.callgrind.%p",
         binary, "run", "--config", config, "--log", f"{work}/kiosk.log"],
        env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        notify.settimeout(600)
        while b"READY=1" not in notify.recv(4096):
            pass
        subprocess.run(["callgrind_control", "--dump=first-frame", str(kiosk.pid)],
                       check=True, capture_output=True)
        print(f"daemon start to first frame: {millions(total(dumps(work, kiosk.pid)[-1]))}"
              " instructions")
        time.sleep(90)  # the first refresh and reading, the state written, a few cycles
        subprocess.run(["callgrind_control", "--zero", str(kiosk.pid)], check=True,
                       capture_output=True)
        switches = measure.wakeups(kiosk.pid)
        time.sleep(arguments.idle_seconds)
        switches = measure.wakeups(kiosk.pid) - switches
        subprocess.run(["callgrind_control", "--dump=idle", str(kiosk.pid)], check=True,
                       capture_output=True)
        idle = total(dumps(work, kiosk.pid)[-1])
        print(f"daemon, {arguments.idle_seconds:g} s idle: {millions(idle)} instructions"
              f" ({idle / arguments.idle_seconds / 1e6:,.2f} M per second);"
              f" {switches} context switches under valgrind (which runs one thread at a"
              " time: measure-daemon.py counts the real ones)")
    finally:
        kiosk.terminate()
        kiosk.wait(timeout=60)
        server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
