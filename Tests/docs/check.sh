#!/usr/bin/env bash
# The docs against the program and against themselves:
#  1. docs/configuration-reference.md is what `weather-kiosk config reference` prints (the
#     schema's own summaries and defaults, and the board profiles);
#  2. every relative link and image in README.md and docs/*.md points at a file that exists,
#     and a link to a heading (#anchor) at a heading that exists;
#  3. README.md stays a front page: at most 400 lines.
#
#   Tests/docs/check.sh [BINARY]          check (default: the debug build, brought up to date)
#   Tests/docs/check.sh --write [BINARY]  rewrite the reference and the pictures in docs/images
#
# .ci/run runs it right after `swift test`, with the debug binary that step built.
set -euo pipefail
cd "$(dirname "$0")/../.."

write=0
if [[ "${1:-}" == "--write" ]]; then
    write=1
    shift
fi
binary="${1:-}"
if [[ -z "$binary" ]]; then
    # Built (or found up to date) now, so that a stale binary never passes a stale reference.
    swift build --product weather-kiosk >&2
    binary="$(swift build --show-bin-path)/weather-kiosk"
fi
[[ -x "$binary" ]] || { echo "docs: no binary at $binary" >&2; exit 1; }

failures=0
reference=docs/configuration-reference.md
generated=$(mktemp)
trap 'rm -f "$generated"' EXIT
# No config is read: the reference is the same on every machine.
WEATHER_KIOSK_CONFIG=/nonexistent/config.toml "$binary" config reference >"$generated"

if ((write)); then
    cp "$generated" "$reference"
    echo "docs: wrote $reference"
    # The pictures the README and docs show, drawn from the bundled demo data.
    export WEATHER_KIOSK_CONFIG=/nonexistent/config.toml
    "$binary" render --demo --page city -o docs/images/city-800x480-dark.png
    "$binary" render --demo --page hourly --city Tokyo --theme light -o docs/images/hourly-tokyo-light.png
    "$binary" render --demo --page indoor -o docs/images/indoor-800x480-dark.png
    "$binary" render --demo --page map -o docs/images/map-800x480-dark.png
    "$binary" render --demo --page sky -o docs/images/sky-800x480-dark.png
    "$binary" render --demo --page air -o docs/images/air-800x480-dark.png
    "$binary" render --demo --display hd44780 --size 20x4 -o docs/images/lcd-20x4.png
    "$binary" render --demo --display ssd1306 -o docs/images/oled-128x64.png
elif ! diff -u "$reference" "$generated" >&2; then
    echo "FAIL $reference differs from \`weather-kiosk config reference\` (above);" \
        "run Tests/docs/check.sh --write and commit it" >&2
    failures=$((failures + 1))
else
    echo "PASS $reference is what \`config reference\` prints"
fi

if ! python3 - README.md docs/*.md <<'PYTHON'; then
import os
import re
import sys

def anchors(path):
    """GitHub's heading ids: lower case, punctuation dropped, spaces to hyphens, -N for repeats."""
    seen = {}
    found = set()
    in_code = False
    for line in open(path, encoding="utf-8"):
        if line.startswith("```"):
            in_code = not in_code
            continue
        match = None if in_code else re.match(r"#{1,6} (.*)", line)
        if not match:
            continue
        text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", match.group(1).strip())
        slug = re.sub(r"[^\w\- ]", "", text.lower()).replace(" ", "-")
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        found.add(slug if count == 0 else f"{slug}-{count}")
    return found

link = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
problems = []
for path in sys.argv[1:]:
    in_code = False
    for number, line in enumerate(open(path, encoding="utf-8"), 1):
        if line.startswith("```"):
            in_code = not in_code
            continue
        if in_code:
            continue
        for target in link.findall(re.sub(r"`[^`]*`", "", line)):
            if re.match(r"[a-z]+:", target):
                continue  # https:, mailto:: not checked here
            file, _, anchor = target.partition("#")
            resolved = os.path.normpath(os.path.join(os.path.dirname(path), file)) if file else path
            if not os.path.exists(resolved):
                problems.append(f"{path}:{number}: {target}: there is no {resolved}")
            elif anchor and resolved.endswith(".md") and anchor not in anchors(resolved):
                problems.append(f"{path}:{number}: {target}: {resolved} has no heading #{anchor}")
for problem in problems:
    print("FAIL link " + problem, file=sys.stderr)
if problems:
    sys.exit(1)
print(f"PASS every relative link in {len(sys.argv) - 1} files resolves")
PYTHON
    failures=$((failures + 1))
fi

lines=$(wc -l <README.md)
if ((lines > 400)); then
    echo "FAIL README.md has $lines lines; it is the front page (at most 400): move the detail into docs/" >&2
    failures=$((failures + 1))
else
    echo "PASS README.md has $lines lines (at most 400)"
fi

if ((failures)); then
    echo "docs: $failures check(s) failed" >&2
    exit 1
fi
