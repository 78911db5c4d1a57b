#!/usr/bin/env bash
# Builds the fuzz targets (Fuzz/, a package of their own) with libFuzzer and AddressSanitizer
# and runs each for a bounded time, seeded from Fuzz/Corpus/TARGET.
#
#   Tests/fuzz/run.sh [SECONDS] [TARGET…]     SECONDS per target, default 45; all targets by default
#
# One line per target: PASS or FAIL, executions, executions per second, coverage (edges) and
# features. Ends with "N passed, N failed"; exits 1 on any crash, leak, timeout or
# out-of-memory. Inputs found and crash inputs stay under Fuzz/.build-fuzz (corpus/TARGET,
# crashes/TARGET-*), with the full log in logs/TARGET.log. FUZZ_PARALLEL=2 runs two targets
# at a time (CI; a 2-core machine of its own). FUZZ_SEED (default 1; 0 = random) seeds
# libFuzzer's mutations. FUZZ_CONFIGURATION=release builds with -O
# instead (not measured yet). Replay a crash without sanitizers:
#   swift build --package-path Fuzz --scratch-path Fuzz/.build-replay
#   Fuzz/.build-replay/debug/fuzz-TARGET Fuzz/.build-fuzz/crashes/TARGET-crash-…
set -uo pipefail
cd "$(dirname "$0")/../.."
root=$PWD

seconds=${1:-45}
shift $(($# > 0 ? 1 : 0))
all=(forecast-json geocoding-json config-toml i2cdump control-line evdev character-pages oled-pages
    nws-json metalerts-json brightsky-json locationforecast-json
    message-catalog)
targets=("${@:-${all[@]}}")
parallel=${FUZZ_PARALLEL:-1}
# A fixed seed makes a run repeatable: the same seeds, binary and time limit explore the same
# inputs first, so a CI run on a machine like this one retraces what was run here before it
# was committed. FUZZ_SEED=0 lets libFuzzer pick one (what a longer, exploring run wants).
seed=${FUZZ_SEED:-1}
configuration=${FUZZ_CONFIGURATION:-debug}
scratch=$root/Fuzz/.build-fuzz

started=$(date +%s)
echo "fuzz: building ${#targets[@]} targets ($configuration) with -sanitize=fuzzer,address (scratch $scratch)"
mkdir -p "$scratch"
if ! swift build -c "$configuration" --package-path Fuzz --scratch-path "$scratch" \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING >"$scratch/build.log" 2>&1; then
    grep -v "Cannot export local symbol" "$scratch/build.log" | tail -40
    echo "fuzz: the build failed (log: $scratch/build.log)"
    exit 1
fi
built=$(date +%s)
echo "fuzz: built in $((built - started)) s; running each target for $seconds s"
mkdir -p "$scratch/logs" "$scratch/crashes"

# FUZZ_FIXED_RUNS=1 (CI) stops each target after a fixed number of executions, about 45 s
# on an idle 2-core machine; SECONDS then only bounds a slower machine. With the fixed seed
# and Swift's hashing made deterministic, such a run makes mostly the same inputs in the
# same order on every machine like this one (four targets exactly; the others a little
# differently), so CI fails on a regression rather than on the luck of a faster machine.
declare -A fixed_runs=(
    [forecast-json]=200000 [geocoding-json]=600000 [locationforecast-json]=100000 [config-toml]=1000 [i2cdump]=150000
    [control-line]=30000 [evdev]=30000 [character-pages]=2500 [oled-pages]=5000
    [nws-json]=120000 [metalerts-json]=60000 [brightsky-json]=250000
    [message-catalog]=40000
)

# Runs one target; its result line goes to logs/TARGET.result.
run_target() {
    local target=$1 log=$scratch/logs/$1.log
    local limits=(-max_total_time="$seconds")
    if [ "${FUZZ_FIXED_RUNS:-0}" = 1 ]; then limits+=(-runs="${fixed_runs[$target]}"); fi
    mkdir -p "$scratch/corpus/$target"
    # Swift's own backtracer would race AddressSanitizer's report: leave crashes to ASan.
    SWIFT_BACKTRACE=enable=no SWIFT_DETERMINISTIC_HASHING=1 \
        ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1} \
        LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$root/Fuzz/lsan-suppressions.txt,print_suppressions=0} \
        "$scratch/$configuration/fuzz-$target" "${limits[@]}" -seed="$seed" -rss_limit_mb=2048 \
        -timeout=10 -print_final_stats=1 -artifact_prefix="$scratch/crashes/$target-" \
        "$scratch/corpus/$target" "$root/Fuzz/Corpus/$target" >"$log" 2>&1
    local status=$?
    local runs rate coverage features verdict
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    coverage=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
    features=$(grep -o 'ft: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
    if [ "$status" -eq 0 ] && ! grep -q '^==[0-9]*==ERROR\|^SUMMARY: libFuzzer' "$log"; then
        verdict=PASS
    else
        verdict=FAIL
    fi
    printf '%s %-16s %10s execs %7s exec/s  cov %5s  ft %6s\n' "$verdict" "$target" \
        "${runs:-?}" "${rate:-?}" "${coverage:-?}" "${features:-?}" >"$scratch/logs/$target.result"
    if [ "$verdict" = FAIL ]; then
        {
            grep -m1 -E 'Fatal error|ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)|fuzz property' "$log" |
                sed 's/^/     /'
            grep -m1 'Test unit written to' "$log" | sed 's/^.*written to /     input: /'
            echo "     log: $log"
        } >>"$scratch/logs/$target.result"
    fi
}

running=0
for target in "${targets[@]}"; do
    if [ ! -x "$scratch/$configuration/fuzz-$target" ]; then
        printf 'FAIL %-16s no such target (the targets: %s)\n' "$target" "${all[*]}" \
            >"$scratch/logs/$target.result"
        continue
    fi
    run_target "$target" &
    running=$((running + 1))
    if [ "$running" -ge "$parallel" ]; then
        wait -n
        running=$((running - 1))
    fi
done
wait

passed=0
failed=0
for target in "${targets[@]}"; do
    cat "$scratch/logs/$target.result"
    if grep -q '^PASS' "$scratch/logs/$target.result"; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
    fi
done
echo "fuzz: build $((built - started)) s, runs $(($(date +%s) - built)) s"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
