#!/usr/bin/env python3
"""Plays button presses on gpio-sim lines with millisecond timing (used by checks-gpio.sh).

    gpio-sim-presses.py DEVICE COMMAND...

DEVICE is the gpio-sim device's directory in configfs (/sys/kernel/config/gpio-sim/NAME).
COMMANDs, run in order:  press OFFSET | release OFFSET | sleep MILLISECONDS.
A press sets the simulated line's pull to pull-down (a button to ground, against the
pull-up the kiosk asks for), a release to pull-up. One process plays the whole sequence,
so a 120 ms press lasts 120 ms even in a slow, emulated VM where starting a program takes
longer than that. Prints each step with the time it started, relative to the first, and
then "longest press: OFFSET=MILLISECONDS ..." for the lines pressed and released.
"""

import sys
import time


def main(arguments):
    if len(arguments) < 2 or len(arguments[1:]) % 2:
        sys.exit("usage: gpio-sim-presses.py DEVICE (press N|release N|sleep MS)...")
    device = arguments[0]
    with open(f"{device}/dev_name") as file:
        platform = file.read().strip()
    with open(f"{device}/bank0/chip_name") as file:
        chip = file.read().strip()
    lines = f"/sys/devices/platform/{platform}/{chip}"
    steps = list(zip(arguments[1::2], arguments[2::2]))
    # Open every pull attribute first, so the timed part only writes.
    pulls = {}
    for verb, value in steps:
        if verb in ("press", "release") and value not in pulls:
            pulls[value] = open(f"{lines}/sim_gpio{int(value)}/pull", "w", buffering=1)
        elif verb not in ("press", "release", "sleep"):
            sys.exit(f"gpio-sim-presses.py: unknown step {verb!r}")
    started = time.monotonic()
    log = []
    pressed_at = {}
    longest = {}
    for verb, value in steps:
        now = time.monotonic()
        log.append(f"{(now - started) * 1000:.1f} ms {verb} {value}")
        if verb == "sleep":
            time.sleep(int(value) / 1000)
            continue
        pull = pulls[value]
        pull.seek(0)
        pull.write("pull-down\n" if verb == "press" else "pull-up\n")
        # How long each line was really held down, as written (an emulated VM can
        # stretch a 5 ms sleep to 30 ms and more).
        if verb == "press":
            pressed_at[value] = time.monotonic()
        elif value in pressed_at:
            held = (time.monotonic() - pressed_at.pop(value)) * 1000
            longest[value] = max(held, longest.get(value, 0))
    log.append(f"{(time.monotonic() - started) * 1000:.1f} ms done")
    print("; ".join(log))
    print("longest press:", " ".join(f"{line}={ms:.0f}" for line, ms in longest.items()))


if __name__ == "__main__":
    main(sys.argv[1:])
