#!/usr/bin/env python3
"""Compares two PNG pictures pixel by pixel, with the golden tests' tolerance.

    Tests/cross/compare-png.py EXPECTED.png ACTUAL.png [--tolerance 24] [--fraction 0.002]

A pixel differs when one of its channels differs by more than the tolerance (anti-aliased
edges may move by a shade between FreeType and Cairo versions); the pictures match when at
most that fraction of the pixels differ. Prints one line and exits 0 on a match, 1 when the
pictures differ, 2 when a file is not a PNG it can read. Python's standard library only.
"""

import argparse
import struct
import sys
import zlib

CHANNELS = {0: 1, 2: 3, 4: 2, 6: 4}  # PNG colour type -> samples per pixel (8-bit)


class NotReadable(Exception):
    pass


def read_png(path):
    """Returns (width, height, channels, rows), rows being bytes of unfiltered samples."""
    try:
        with open(path, "rb") as file:
            data = file.read()
    except OSError as error:
        raise NotReadable(f"cannot read {path}: {error.strerror}")
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise NotReadable(f"{path} is not a PNG file")
    offset, header, compressed = 8, None, []
    while offset + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[offset : offset + 8])
        body = data[offset + 8 : offset + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            compressed.append(body)
        elif kind == b"IEND":
            break
        offset += 12 + length
    if header is None:
        raise NotReadable(f"{path} has no IHDR chunk")
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in CHANNELS or interlace != 0:
        raise NotReadable(
            f"{path}: only 8-bit, non-interlaced grey, RGB and RGBA PNGs are supported "
            f"(this one: depth {depth}, colour type {colour}, interlace {interlace})"
        )
    channels = CHANNELS[colour]
    try:
        raw = zlib.decompress(b"".join(compressed))
    except zlib.error as error:
        raise NotReadable(f"{path}: the picture data is corrupt ({error})")
    stride = width * channels
    if len(raw) != height * (stride + 1):
        raise NotReadable(f"{path}: the picture data has the wrong length")
    rows, previous = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        row = bytearray(raw[start + 1 : start + 1 + stride])
        unfilter(raw[start], row, previous, channels)
        rows.append(bytes(row))
        previous = row
    return width, height, channels, rows


def unfilter(kind, row, previous, step):
    """Undoes one row's PNG filter in place."""
    if kind == 0:
        return
    if kind == 1:
        for i in range(step, len(row)):
            row[i] = (row[i] + row[i - step]) & 0xFF
    elif kind == 2:
        for i in range(len(row)):
            row[i] = (row[i] + previous[i]) & 0xFF
    elif kind == 3:
        for i in range(len(row)):
            left = row[i - step] if i >= step else 0
            row[i] = (row[i] + ((left + previous[i]) >> 1)) & 0xFF
    elif kind == 4:
        for i in range(len(row)):
            a = row[i - step] if i >= step else 0
            b = previous[i]
            c = previous[i - step] if i >= step else 0
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            predictor = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
            row[i] = (row[i] + predictor) & 0xFF
    else:
        raise NotReadable(f"unknown PNG filter type {kind}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("expected")
    parser.add_argument("actual")
    parser.add_argument("--tolerance", type=int, default=24)
    parser.add_argument("--fraction", type=float, default=0.002)
    options = parser.parse_args()
    try:
        expected = read_png(options.expected)
        actual = read_png(options.actual)
    except NotReadable as error:
        print(f"compare-png: {error}", file=sys.stderr)
        return 2
    if expected[:3] != actual[:3]:
        print(
            f"{options.actual} is {actual[0]}x{actual[1]} with {actual[2]} channels, "
            f"{options.expected} {expected[0]}x{expected[1]} with {expected[2]}"
        )
        return 1
    width, height, channels, _ = expected
    differing = largest = 0
    for expected_row, actual_row in zip(expected[3], actual[3]):
        if expected_row == actual_row:
            continue
        for x in range(0, width * channels, channels):
            worst = max(
                abs(expected_row[x + c] - actual_row[x + c]) for c in range(channels)
            )
            largest = max(largest, worst)
            if worst > options.tolerance:
                differing += 1
    total = width * height
    matches = differing <= options.fraction * total
    print(
        f"{'match' if matches else 'DIFFERENT'}: {differing} of {total} pixels differ by more "
        f"than {options.tolerance} (allowed {options.fraction:.3%}); largest difference {largest}"
    )
    return 0 if matches else 1


if __name__ == "__main__":
    sys.exit(main())
