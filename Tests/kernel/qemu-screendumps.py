#!/usr/bin/env python3
"""Takes QEMU screendumps for the VM's checks (run.sh starts it next to the VM).

    qemu-screendumps.py MONITOR_SOCKET SHARE

Connects to QEMU's human monitor on the Unix socket MONITOR_SOCKET and, whenever the VM
writes SHARE/screendump.request (a file name such as "drm-rome.ppm"), runs
`screendump SHARE/NAME` and then creates SHARE/NAME.done. The share is the VM's results
directory (9p), so this is how a check inside the VM sees its own screen from outside.
Ends when QEMU closes the monitor. Looks for a request five times a second.
"""

import pathlib
import socket
import sys
import time


def read_prompt(connection):
    """Reads monitor output up to the next "(qemu) " prompt; returns it."""
    received = b""
    while not received.endswith(b"(qemu) "):
        chunk = connection.recv(4096)
        if not chunk:
            raise ConnectionError("the QEMU monitor closed")
        received += chunk
    return received.decode(errors="replace")


def main(arguments):
    if len(arguments) != 2:
        print("usage: qemu-screendumps.py MONITOR_SOCKET SHARE", file=sys.stderr)
        return 2
    socket_path, share = arguments[0], pathlib.Path(arguments[1])
    connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    for _ in range(100):
        try:
            connection.connect(socket_path)
            break
        except (FileNotFoundError, ConnectionRefusedError):
            time.sleep(0.1)
    else:
        print(f"qemu-screendumps: no QEMU monitor at {socket_path}", file=sys.stderr)
        return 1
    request = share / "screendump.request"
    try:
        read_prompt(connection)
        while True:
            if request.exists():
                name = request.read_text().strip()
                request.unlink()
                target = share / pathlib.Path(name).name
                connection.sendall(f"screendump {target}\n".encode())
                answer = read_prompt(connection)
                if not target.exists():
                    print(f"qemu-screendumps: screendump {target} failed: {answer}",
                          file=sys.stderr)
                (share / (target.name + ".done")).touch()
            else:
                # A closed monitor (QEMU ended) shows up as readable with no data.
                connection.setblocking(False)
                try:
                    if connection.recv(4096) == b"":
                        return 0
                except BlockingIOError:
                    pass
                finally:
                    connection.setblocking(True)
                time.sleep(0.2)
    except ConnectionError:
        return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
