#!/usr/bin/env python3
"""Checks the keys of a JSON object, for the kernel tests.

    expect-json.py FILE KEY=VALUE...

VALUE is a number (compared to 1e-6 relative), `null`, or text (compared exactly). A
document that is an array of one object (`sensor --json` with `[[sensors]]`) is read as
that object.
Prints one line naming every key with what it holds; exits 0 when all match, 1 otherwise.
"""

import json
import sys


def matches(actual, expected):
    if expected == "null":
        return actual is None
    try:
        number = float(expected)
    except ValueError:
        return actual == expected
    if isinstance(actual, bool) or not isinstance(actual, (int, float)):
        return False
    return abs(actual - number) <= 1e-6 * max(abs(number), 1e-9)


def main():
    if len(sys.argv) < 3:
        print("usage: expect-json.py FILE KEY=VALUE...", file=sys.stderr)
        return 2
    text = open(sys.argv[1], encoding="utf-8").read()
    try:
        document = json.loads(text)
    except ValueError as error:
        print(f"not JSON ({error}): {text[:200]!r}")
        return 1
    if isinstance(document, list) and len(document) == 1:
        document = document[0]
    if not isinstance(document, dict):
        print(f"not an object or an array of one: {text[:200]!r}")
        return 1
    wrong, report = [], []
    for pair in sys.argv[2:]:
        key, expected = pair.split("=", 1)
        actual = document.get(key, "<missing>")
        report.append(f"{key} {json.dumps(actual)}")
        if not matches(actual, expected):
            wrong.append(f"{key} is {json.dumps(actual)}, expected {expected}")
    print("; ".join(wrong) if wrong else ", ".join(report))
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
