#!/usr/bin/env python3
"""Small helpers for run.sh, in Python's standard library only.

    qemu-tools.py monitor SOCKET COMMAND      one QEMU monitor command, prints its answer
    qemu-tools.py compare [--exact] IMAGE IMAGE
        compares two pictures (PPM, as QEMU's screendump writes, or PNG) within the golden
        tests' tolerance (at most 0.2 % of the pixels may differ by more than 24 in a
        channel), or with --exact pixel for pixel; prints the result, exits 0 when they
        match, 1 when not
    qemu-tools.py png-size FILE.png            prints WIDTHxHEIGHT of a PNG (exit 1: no PNG)
"""
import socket
import struct
import sys
import time
import zlib


def monitor(path, command):
    client = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    client.settimeout(30)
    client.connect(path)
    answer = b""
    while b"(qemu)" not in answer:
        answer += client.recv(4096)
    client.sendall(command.encode() + b"\n")
    answer = b""
    deadline = time.time() + 30
    while answer.count(b"(qemu)") < 1 and time.time() < deadline:
        chunk = client.recv(4096)
        if not chunk:
            break
        answer += chunk
    client.close()
    text = answer.decode(errors="replace").replace("\r", "")
    lines = [line for line in text.split("\n") if "(qemu)" not in line and line.strip()]
    print("\n".join(lines[1:] if lines and command in lines[0] else lines))


def read_ppm(path):
    data = open(path, "rb").read()
    fields = []
    position = 0
    while len(fields) < 4:
        while data[position:position + 1].isspace():
            position += 1
        start = position
        while not data[position:position + 1].isspace():
            position += 1
        fields.append(data[start:position])
    position += 1
    if fields[0] != b"P6" or fields[3] != b"255":
        raise ValueError(f"{path} is not an 8-bit P6 PPM")
    width, height = int(fields[1]), int(fields[2])
    pixels = data[position:position + width * height * 3]
    return width, height, [pixels[i * width * 3:(i + 1) * width * 3] for i in range(height)]


def read_png(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path} is not a PNG")
    position = 8
    compressed = b""
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        body = data[position + 8:position + 8 + length]
        if kind == b"IHDR":
            width, height, depth, color = struct.unpack(">IIBB", body[:10])
            if depth != 8 or color not in (2, 6) or body[12] != 0:
                raise ValueError(f"{path}: only 8-bit RGB/RGBA PNGs without interlace")
        elif kind == b"IDAT":
            compressed += body
        position += 12 + length
    channels = 3 if color == 2 else 4
    raw = zlib.decompress(compressed)
    stride = width * channels
    rows = []
    previous = bytearray(stride)
    for y in range(height):
        filter_type = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            a = line[x - channels] if x >= channels else 0
            b = previous[x]
            c = previous[x - channels] if x >= channels else 0
            if filter_type == 1:
                line[x] = (line[x] + a) & 255
            elif filter_type == 2:
                line[x] = (line[x] + b) & 255
            elif filter_type == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif filter_type == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                predictor = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[x] = (line[x] + predictor) & 255
        rows.append(bytes(line) if channels == 3 else bytes(
            v for i, v in enumerate(line) if i % 4 != 3))
        previous = line
    return width, height, rows


def read_image(path):
    with open(path, "rb") as file:
        magic = file.read(2)
    return read_ppm(path) if magic == b"P6" else read_png(path)


def compare(first_path, second_path, exact):
    sw, sh, screen = read_image(first_path)
    fw, fh, frame = read_image(second_path)
    if (sw, sh) != (fw, fh):
        print(f"{first_path} is {sw}x{sh}, {second_path} {fw}x{fh}")
        return 1
    limit = 0 if exact else 24
    differing = 0
    for y in range(sh):
        a, b = screen[y], frame[y]
        if a == b:
            continue
        for x in range(sw):
            if max(abs(a[3 * x + k] - b[3 * x + k]) for k in range(3)) > limit:
                differing += 1
    share = differing / (sw * sh)
    print(f"{differing} of {sw * sh} pixels differ by more than {limit} ({share:.3%})")
    return 0 if (differing == 0 if exact else share <= 0.002) else 1


def png_size(path):
    width, height, _ = read_png(path)
    print(f"{width}x{height}")


if __name__ == "__main__":
    verb = sys.argv[1]
    if verb == "monitor":
        monitor(sys.argv[2], " ".join(sys.argv[3:]))
    elif verb == "compare":
        exact = sys.argv[2] == "--exact"
        sys.exit(compare(sys.argv[2 + exact], sys.argv[3 + exact], exact))
    elif verb == "png-size":
        try:
            png_size(sys.argv[2])
        except (ValueError, OSError, zlib.error, struct.error) as error:
            print(error)
            sys.exit(1)
