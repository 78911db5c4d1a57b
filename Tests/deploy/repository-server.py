#!/usr/bin/env python3
"""A stand-in for the published apt repository (GitHub Pages): static files over HTTP.

    repository-server.py --port-file FILE DIRECTORY LOG
        serve DIRECTORY on 127.0.0.1 at a free port, written to FILE once listening
    repository-server.py --stdio DIRECTORY LOG
        serve the one connection on standard input and output (QEMU's guestfwd=...-cmd:
        starts it per connection, so the VM reaches it without any port being opened)

DIRECTORY is looked up for every request, so a check can point a symbolic link at
another repository between two `apt-get update`s. Every request is appended to LOG as
"METHOD PATH STATUS", so a check can tell what apt fetched.
"""
import os
import socket
import sys
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import unquote


def handler(directory, log):
    class Handler(SimpleHTTPRequestHandler):
        # Keep-alive: apt asks for all its files over one connection.
        protocol_version = "HTTP/1.1"

        def __init__(self, *arguments, **keywords):
            super().__init__(*arguments, directory=directory, **keywords)

        def log_request(self, code="-", size="-"):
            with open(log, "a", encoding="utf-8") as file:
                status = int(code) if code != "-" else code
                file.write(f"{self.command} {unquote(self.path)} {status}\n")

        def log_message(self, format, *arguments):
            pass

    return Handler


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "--stdio":
        _, _, directory, log = sys.argv
        handler(directory, log)(socket.socket(fileno=0), ("10.0.2.101", 80), None)
    elif len(sys.argv) == 5 and sys.argv[1] == "--port-file":
        _, _, port_file, directory, log = sys.argv
        server = ThreadingHTTPServer(("127.0.0.1", 0), handler(directory, log))
        with open(port_file + ".partial", "w", encoding="utf-8") as file:
            file.write(f"{server.server_address[1]}\n")
        os.replace(port_file + ".partial", port_file)
        server.serve_forever()
    else:
        sys.stderr.write(__doc__)
        sys.exit(2)


main()
