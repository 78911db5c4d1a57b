#!/usr/bin/env bash
# Runs Tests/system/run.sh for several suites side by side (.ci/run: bookworm and trixie),
# each VM with one emulated CPU so that two fit a two-core machine; every line is prefixed
# with its suite as it comes. Exits 1 when any suite's run failed.
#
#   Tests/system/run-suites.sh SUITE...
set -uo pipefail
[ $# -gt 0 ] || {
    echo "usage: $0 SUITE... (bookworm, trixie)" >&2
    exit 2
}
cd "$(dirname "$0")/../.."
smp=2
[ $# -eq 1 ] || smp=1
pids=()
for suite in "$@"; do
    (
        WEATHER_KIOSK_SYSTEM_SMP=${WEATHER_KIOSK_SYSTEM_SMP:-$smp} Tests/system/run.sh "$suite" 2>&1 |
            sed -u "s/^/[$suite] /"
        exit "${PIPESTATUS[0]}"
    ) &
    pids+=($!)
done
status=0
for index in "${!pids[@]}"; do
    if ! wait "${pids[$index]}"; then
        echo "system: the ${*:index+1:1} run failed (its lines above, prefixed [${*:index+1:1}])"
        status=1
    fi
done
exit "$status"
