#!/usr/bin/env python3
"""Compares QEMU's `screendump` of the VM's screen with a PNG of the same page, for the
kernel tests' DRM checks.

    screendump-compare.py PNG PPM

PPM is what the QEMU monitor's `screendump FILE` writes (binary PPM, P6, 8 bits per
channel); PNG is the daemon's `screenshot`, which must have the screen's size. Every
pixel's channels must be within 2 of the PNG's (the golden tolerance: XRGB8888 scan-out
keeps 8 bits, so a match is exact in practice). Prints one sentence; exits 0 on a match,
1 otherwise. Reads the PNG with framebuffer-compare.py's reader (standard library only).
"""

import importlib.util
import pathlib
import sys

TOLERANCE = 2


def load_png_reader():
    path = pathlib.Path(__file__).with_name("framebuffer-compare.py")
    spec = importlib.util.spec_from_file_location("framebuffer_compare", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.read_png


def read_ppm(path):
    """Returns (width, height, bytes of RGB) of a binary P6 PPM with maxval 255."""
    data = pathlib.Path(path).read_bytes()
    fields, position = [], 0
    while len(fields) < 4:
        while data[position : position + 1].isspace():
            position += 1
        if data[position : position + 1] == b"#":
            position = data.index(b"\n", position) + 1
            continue
        end = position
        while not data[end : end + 1].isspace():
            end += 1
        fields.append(data[position:end])
        position = end
    position += 1  # the single whitespace byte after maxval
    if fields[0] != b"P6" or fields[3] != b"255":
        raise ValueError(f"{path} is not a binary 8-bit PPM (P6, maxval 255)")
    width, height = int(fields[1]), int(fields[2])
    pixels = data[position : position + width * height * 3]
    if len(pixels) != width * height * 3:
        raise ValueError(f"{path} is truncated: {len(pixels)} bytes of {width * height * 3}")
    return width, height, pixels


def main(arguments):
    if len(arguments) != 2:
        print("usage: screendump-compare.py PNG PPM", file=sys.stderr)
        return 2
    png_path, ppm_path = arguments
    width, height, rows = load_png_reader()(png_path)
    screen_width, screen_height, screen = read_ppm(ppm_path)
    if (width, height) != (screen_width, screen_height):
        print(f"{png_path} is {width}x{height} but the screen is {screen_width}x{screen_height}.")
        return 1
    different, first = 0, None
    for y, row in enumerate(rows):
        base = y * width * 3
        for x, (red, green, blue) in enumerate(row):
            offset = base + x * 3
            got = screen[offset : offset + 3]
            if (abs(got[0] - red) > TOLERANCE or abs(got[1] - green) > TOLERANCE
                    or abs(got[2] - blue) > TOLERANCE):
                different += 1
                if first is None:
                    first = (x, y, (red, green, blue), tuple(got))
    if different:
        x, y, wanted, got = first
        print(f"{different} of {width * height} pixels differ from {png_path}; the first at "
              f"({x}, {y}): screen {got}, PNG {wanted}.")
        return 1
    print(f"The screen ({width}x{height}) is {png_path}, every channel within {TOLERANCE}.")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
