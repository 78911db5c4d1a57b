#!/usr/bin/env bash
# Fails when a weather-kiosk binary links or contains ICU or FoundationInternationalization,
# that is full Foundation: the product uses FoundationEssentials only, which keeps ICU's
# 30 MB of data out of the arm64 binary. .ci/run checks the amd64 release binary with it,
# Tests/cross/run.sh each suite's arm64 binary. Works on any architecture's ELF file.
#
#   Tests/deploy/no-icu.sh BINARY...
set -euo pipefail

if [ $# -eq 0 ]; then
    echo "usage: $0 BINARY..." >&2
    exit 2
fi

status=0
for binary in "$@"; do
    if [ ! -f "$binary" ]; then
        echo "no-icu: $binary does not exist; build it first" >&2
        status=1
        continue
    fi
    found=()
    # Linked: a shared Foundation, FoundationInternationalization, or ICU library.
    while read -r library; do
        case "$library" in
            libFoundation.so* | libFoundationInternationalization.so* | lib_FoundationICU.so* | libicu*)
                found+=("links $library") ;;
        esac
    done < <(readelf -d "$binary" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
    # Contained (a static Swift standard library): the module's metadata names it, and
    # ICU's data blob names its version ("icudt76l"). Neither is in FoundationEssentials.
    if grep -a -q 'FoundationInternationalization' "$binary"; then
        found+=("contains FoundationInternationalization")
    fi
    icu=$(grep -a -o -m 1 -E 'icudt[0-9]+[lb]' "$binary" | head -1 || true)
    if [ -n "$icu" ]; then
        found+=("contains ICU data ($icu)")
    fi
    if [ ${#found[@]} -eq 0 ]; then
        echo "no-icu: $binary: no ICU, no FoundationInternationalization"
    else
        for what in "${found[@]}"; do
            echo "no-icu: $binary $what; only FoundationEssentials may be used (look for" \
                "'import Foundation' or a dependency that imports it)" >&2
        done
        status=1
    fi
done
exit $status
