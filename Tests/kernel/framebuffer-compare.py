#!/usr/bin/env python3
"""Compares a framebuffer with a PNG of the same page, for the kernel tests.

    framebuffer-compare.py [--rotate DEGREES] PNG DEVICE

Reads the geometry of DEVICE (/dev/fbN) from sysfs and its pixel layout (the rgba
lengths/offsets) from `fbset -i`, reads the visible frame, and compares every pixel with
the PNG, which must have the framebuffer's size. A channel of n bits matches when it is
within one step of the 8-bit PNG value scaled to n bits (rounding or truncating are both
fine); 8-bit channels must match exactly. Prints one sentence; exits 0 on a match, 1
otherwise. Only the standard library: zlib for the PNG, no imaging packages.

With --rotate 90, 180 or 270 the PNG is an upright page that the framebuffer should show
turned that many degrees clockwise (`display.rotate`): the PNG is turned here, by a
rotation written independently of the kiosk's, before the comparison.
"""

import pathlib
import re
import subprocess
import sys
import zlib


def read_png(path):
    """Returns (width, height, rows) with rows as lists of (r, g, b) for 8-bit RGB/RGBA PNGs."""
    data = pathlib.Path(path).read_bytes()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path} is not a PNG file")
    position, idat, header = 8, bytearray(), None
    while position < len(data):
        length = int.from_bytes(data[position : position + 4], "big")
        kind = data[position + 4 : position + 8]
        body = data[position + 8 : position + 8 + length]
        position += 12 + length
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IEND":
            break
    width, height = int.from_bytes(header[0:4], "big"), int.from_bytes(header[4:8], "big")
    depth, colour_type, interlace = header[8], header[9], header[12]
    if depth != 8 or colour_type not in (2, 6) or interlace != 0:
        raise ValueError(
            f"{path}: only 8-bit RGB or RGBA non-interlaced PNGs are supported "
            f"(depth {depth}, colour type {colour_type}, interlace {interlace})"
        )
    channels = 3 if colour_type == 2 else 4
    stride = width * channels
    raw = zlib.decompress(bytes(idat))
    rows, previous = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1 : start + 1 + stride])
        if kind == 1:
            for i in range(channels, stride):
                line[i] = (line[i] + line[i - channels]) & 0xFF
        elif kind == 2:
            for i in range(stride):
                line[i] = (line[i] + previous[i]) & 0xFF
        elif kind == 3:
            for i in range(stride):
                left = line[i - channels] if i >= channels else 0
                line[i] = (line[i] + ((left + previous[i]) >> 1)) & 0xFF
        elif kind == 4:
            for i in range(stride):
                a = line[i - channels] if i >= channels else 0
                b = previous[i]
                c = previous[i - channels] if i >= channels else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                predictor = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[i] = (line[i] + predictor) & 0xFF
        elif kind != 0:
            raise ValueError(f"{path}: unknown PNG filter {kind} in row {y}")
        rows.append([tuple(line[x : x + 3]) for x in range(0, stride, channels)])
        previous = line
    return width, height, rows


def rotated(width, height, rows, degrees):
    """Returns (width, height, rows) of the picture turned `degrees` clockwise."""
    for _ in range(degrees // 90):
        # A quarter turn clockwise: the new row y is the old column y, read bottom to top.
        rows = [[rows[height - 1 - x][y] for x in range(height)] for y in range(width)]
        width, height = height, width
    return width, height, rows


def framebuffer_layout(device):
    """Returns (width, height, bits per pixel, line length, [(length, offset)] for r, g, b)."""
    name = pathlib.Path(device).name
    sysfs = pathlib.Path("/sys/class/graphics") / name
    bits = int((sysfs / "bits_per_pixel").read_text())
    line_length = int((sysfs / "stride").read_text())
    info = subprocess.run(
        ["fbset", "-fb", device, "-i"], check=True, capture_output=True, text=True
    ).stdout
    geometry = re.search(r"geometry (\d+) (\d+) \d+ \d+ \d+", info)
    width, height = int(geometry.group(1)), int(geometry.group(2))
    rgba = re.search(r"rgba (\d+)/(\d+),(\d+)/(\d+),(\d+)/(\d+)", info)
    fields = [int(v) for v in rgba.groups()]
    channels = [(fields[0], fields[1]), (fields[2], fields[3]), (fields[4], fields[5])]
    return width, height, bits, line_length, channels


def main():
    arguments, degrees = sys.argv[1:], 0
    if arguments[:1] == ["--rotate"] and len(arguments) > 1:
        degrees, arguments = int(arguments[1]), arguments[2:]
    if len(arguments) != 2 or degrees not in (0, 90, 180, 270):
        print("usage: framebuffer-compare.py [--rotate 0|90|180|270] PNG DEVICE", file=sys.stderr)
        return 2
    png_path, device = arguments
    png_width, png_height, png_rows = rotated(*read_png(png_path), degrees)
    if degrees:
        png_path += f" turned {degrees}°"
    width, height, bits, line_length, channels = framebuffer_layout(device)
    layout = f"{width}x{height} {bits} bpp, rgba " + ",".join(f"{n}/{o}" for n, o in channels)
    if (png_width, png_height) != (width, height):
        print(f"{png_path} is {png_width}x{png_height} but {device} shows {layout}")
        return 1
    if bits % 8 != 0:
        print(f"{device}: {bits} bits per pixel is not a whole number of bytes")
        return 1
    colours = {pixel for row in png_rows for pixel in row}
    if len(colours) < 8:
        print(f"{png_path} has only {len(colours)} colours: too plain to prove anything")
        return 1
    with open(device, "rb") as framebuffer:
        frame = framebuffer.read(line_length * height)
    if len(frame) < line_length * height:
        print(f"{device}: read {len(frame)} bytes, expected {line_length * height}")
        return 1

    pixel_bytes = bits // 8
    differing, first = 0, None
    for y in range(height):
        png_row, row_start = png_rows[y], y * line_length
        for x in range(width):
            start = row_start + x * pixel_bytes
            value = int.from_bytes(frame[start : start + pixel_bytes], sys.byteorder)
            expected = png_row[x]
            for (length, offset), wanted in zip(channels, expected):
                actual = (value >> offset) & ((1 << length) - 1)
                exact = wanted * ((1 << length) - 1) / 255
                if abs(actual - exact) > (0 if length >= 8 else 1):
                    differing += 1
                    if first is None:
                        got = [(value >> o) & ((1 << n) - 1) for n, o in channels]
                        first = f"first at ({x}, {y}): framebuffer {got}, PNG {list(expected)}"
                    break
    total = width * height
    if differing:
        print(f"{device} ({layout}): {differing} of {total} pixels differ from {png_path}; {first}")
        return 1
    print(f"{device} ({layout}): all {total} pixels match {png_path} ({len(colours)} colours)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
