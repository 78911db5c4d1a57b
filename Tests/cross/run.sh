#!/usr/bin/env bash
# The arm64 builds for Raspberry Pi OS bookworm and trixie, made with deploy/cross-build.sh
# and checked under qemu-aarch64 against the amd64 build of the same tree; .ci/run calls it.
# Runs as root (the build uses a chroot). Prints how long each step took, then one line
# "cross: N passed, N failed".
#
# bookworm is the CI build against glibc 2.36, curl 7.88, cairo 1.16 and libgpiod 1.6;
# trixie the one against glibc 2.41, curl 8.14, cairo 1.18 and libgpiod 2.x. With
# CROSS_UNIT_TESTS=1 the unit tests also run under qemu on trixie (not on bookworm: test
# bundles link sid's Swift runtime dynamically, and that needs glibc 2.38).
set -euo pipefail
cd "$(dirname "$0")/../.."

checks=.build-arm64-checks
mkdir -p "$checks"
passed=0
failed=0
timings=()

# timed LABEL COMMAND...: runs the command and keeps its time for the summary.
timed() {
    local label=$1 started status=0
    shift
    started=$(date +%s)
    printf '\n--- %s\n' "$label"
    "$@" || status=$?
    timings+=("$(printf '%5s s  %s' "$(($(date +%s) - started))" "$label")")
    return $status
}

pass() { passed=$((passed + 1)); }
failure() {
    failed=$((failed + 1))
    printf 'FAIL %s\n' "$*"
}

# expect DESCRIPTION COMMAND...: one check; the command's success is the check's.
expect() {
    local description=$1
    shift
    if "$@"; then pass; else failure "$description"; fi
}

not() { ! "$@"; }

# reference_run SUITE: the checks with the amd64 build and the suite's amd64 libraries.
reference_run() {
    local runner
    runner=$(Tests/cross/reference-runtime.sh "$1") &&
        Tests/cross/record.sh "$checks/amd64-$1" "$amd64_binary" "$runner"
}

same_file() { cmp -s "$1" "$2" || { diff -u "$1" "$2" | head -20; return 1; }; }

# The arm64 run of every recorded check printed and returned what the amd64 run did.
compare_with_amd64() {
    local suite=$1 code name
    local reference=$checks/amd64-$suite
    for code in "$reference"/*.code; do
        name=$(basename "$code" .code)
        expect "$suite $name: exit code as on amd64" \
            same_file "$code" "$checks/$suite/$name.code"
        expect "$suite $name: output as on amd64" \
            same_file "$reference/$name.out" "$checks/$suite/$name.out"
        expect "$suite $name: errors as on amd64" \
            same_file "$reference/$name.err" "$checks/$suite/$name.err"
    done
}

# near FILE KEY EXPECTED TOLERANCE: the JSON number "KEY" : N in FILE is EXPECTED within
# TOLERANCE.
near() {
    local value
    value=$(sed -n "s/.*\"$2\" : \([-0-9.e+]*\).*/\1/p" "$1")
    [ -n "$value" ] && awk -v v="$value" -v e="$3" -v t="$4" \
        'BEGIN { d = v - e; if (d < 0) d = -d; exit !(d <= t) }'
}

# The BME280 vectors V2a and V2b (shared/fixtures/bme280-vectors.md) decoded from their
# i2cdump: Bosch's double-precision results to 1e-6, and the values the source publishes
# (integer formulas) within what separates the two paths.
expect_sensor_vectors() {
    local directory=$checks/$1
    local v2a=$directory/sensor-decode-v2a.out v2b=$directory/sensor-decode-v2b.out
    expect "$1 V2a temperature (Bosch double 27.3785075247 degC)" \
        near "$v2a" temperature_c 27.3785075247 1e-6
    expect "$1 V2a pressure (published 101222.25 Pa)" near "$v2a" pressure_pa 101222.25 0.1
    expect "$1 V2a pressure (Bosch double 101222.248645 Pa)" \
        near "$v2a" pressure_pa 101222.248645 1e-5
    expect "$1 V2a humidity (published 32.8994 %)" near "$v2a" humidity_percent 32.8994 0.01
    expect "$1 V2a humidity (Bosch double 32.9043265223 %)" \
        near "$v2a" humidity_percent 32.9043265223 1e-6
    expect "$1 V2b temperature (published 27.33 degC)" near "$v2b" temperature_c 27.33 0.005
    expect "$1 V2b temperature (Bosch double 27.3266466219 degC)" \
        near "$v2b" temperature_c 27.3266466219 1e-6
    expect "$1 V2b pressure (published 101233.016 Pa)" near "$v2b" pressure_pa 101233.016 0.1
    expect "$1 V2b pressure (Bosch double 101233.049865 Pa)" \
        near "$v2b" pressure_pa 101233.049865 1e-5
    expect "$1 V2b humidity (published 34.854492 %)" \
        near "$v2b" humidity_percent 34.854492 0.01
    expect "$1 V2b humidity (Bosch double 34.8512103449 %)" \
        near "$v2b" humidity_percent 34.8512103449 1e-6
    expect "$1 V1 (BMP280 datasheet) prints 25.08 degC" \
        grep -q 'Temperature  25.08 °C' "$directory/sensor-decode-v1-verbose.out"
    expect "$1 a dump with skipped values exits 1" \
        grep -qx 1 "$directory/sensor-decode-skipped.code"
}

# Every page the arm64 build drew is the amd64 build's picture with the same suite's
# libraries, within the golden tests' tolerance.
compare_pictures() {
    local picture name
    for picture in "$checks/amd64-$1"/*.png; do
        name=$(basename "$picture")
        expect "$1 $name: the amd64 picture" \
            python3 Tests/cross/compare-png.py "$picture" "$checks/$1/$name"
    done
}

# What the checks must show, whatever the architecture: so that two equally broken
# builds cannot pass by agreeing.
expect_outcomes() {
    local directory=$checks/$1 version
    version=$(sed -n 's/.*static let string = "\(.*\)".*/\1/p' Sources/KioskCore/Version.swift)
    expect "$1 --version prints $version" grep -qx "$version" "$directory/version.out"
    expect "$1 config check of a valid file exits 0" grep -qx 0 "$directory/config-check.code"
    expect "$1 config check says the file is valid" \
        grep -q 'kiosk.toml is valid: board raspberry-pi-4, 2 favourites' \
        "$directory/config-check.out"
    expect "$1 config check of a broken file exits 2" grep -qx 2 "$directory/config-broken.code"
    expect "$1 config check names line 7's unknown key" \
        grep -q 'broken.toml, line 7: unknown key display.colour' "$directory/config-broken.err"
    expect "$1 city list keeps the accents" grep -q 'São Paulo, Brazil' "$directory/city-list.out"
}

# The suite's .deb from deploy/cross-build.sh: lintian finds no errors, it is for arm64,
# it holds the built binary, and its Depends name every package cross-build.sh found the
# binary needs (its "sudo apt install" line) and the suite's own libgpiod and libcurl.
expect_package() {
    local suite=$1 version deb depends needed package unpacked=$checks/deb-$suite
    version=$(sed -n 's/.*static let string = "\(.*\)".*/\1/p' Sources/KioskCore/Version.swift)
    deb=out/deb/weather-kiosk_${version}-1~${suite}_arm64.deb
    if [ ! -f "$deb" ]; then
        failure "$suite: deploy/cross-build.sh made no $deb"
        return
    fi
    expect "$suite .deb: lintian reports no errors" lintian --fail-on error "$deb"
    expect "$suite .deb: Architecture arm64" \
        test "$(dpkg-deb -f "$deb" Architecture)" = arm64
    depends=$(dpkg-deb -f "$deb" Depends | tr ',' '\n' | awk '{ print $1 }')
    needed=$(sed -n 's/.*sudo apt install //p' "$checks/build-$suite.log" | head -1)
    expect "$suite .deb: cross-build.sh listed the packages the binary needs" test -n "$needed"
    case "$suite" in
        bookworm) needed="$needed libgpiod2 libcurl4" ;;
        trixie) needed="$needed libgpiod3 libcurl4t64" ;;
    esac
    for package in $needed; do
        expect "$suite .deb: Depends names $package" grep -qx "$package" <<<"$depends"
    done
    rm -rf "$unpacked"
    dpkg-deb -x "$deb" "$unpacked"
    expect "$suite .deb: /usr/bin/weather-kiosk is the built binary" \
        cmp -s "$unpacked/usr/bin/weather-kiosk" ".build-arm64-$suite/weather-kiosk"
}

# The same checks with the amd64 debug build (already built by .ci/run's swift test), run
# with each suite's amd64 libraries: text output must be the arm64 build's byte for byte,
# and the pictures too within the golden tests' tolerance (with the host's libraries
# instead, FreeType 2.12 against trixie's 2.13 moves glyph edges on 1-3 % of the pixels).
timed "amd64 reference build" swift build --product weather-kiosk
amd64_binary=$(swift build --show-bin-path)/weather-kiosk

for suite in bookworm trixie; do
    if ! timed "$suite: amd64 reference run with $suite's amd64 libraries" \
        reference_run "$suite"; then
        failure "$suite: no amd64 reference"
        continue
    fi
    expect_outcomes "amd64-$suite"
    expect_sensor_vectors "amd64-$suite"
    rm -f out/deb/weather-kiosk_*-1~"${suite}"_arm64.deb
    if ! timed "$suite: arm64 cross build and .deb (deploy/cross-build.sh $suite)" \
        bash -c 'set -o pipefail; deploy/cross-build.sh "$1" | tee "$2"' _ \
        "$suite" "$checks/build-$suite.log"; then
        failure "$suite: deploy/cross-build.sh $suite failed"
        continue
    fi
    pass
    expect "$suite: the arm64 binary has no ICU and no FoundationInternationalization" \
        Tests/deploy/no-icu.sh ".build-arm64-$suite/weather-kiosk"
    expect_package "$suite"
    if ! timed "$suite: the checks under qemu-aarch64" \
        deploy/cross-build.sh --exec "$suite" -- \
        Tests/cross/record.sh "$checks/$suite" ".build-arm64-$suite/weather-kiosk" \
        qemu-aarch64-static; then
        failure "$suite: the checks could not be run in the build chroot"
        continue
    fi
    expect_outcomes "$suite"
    expect_sensor_vectors "$suite"
    compare_with_amd64 "$suite"
    compare_pictures "$suite"
done
expect "the picture comparison tells the city page from the hourly page" \
    not python3 Tests/cross/compare-png.py "$checks/amd64-bookworm/render-city.png" \
    "$checks/amd64-bookworm/render-hourly.png"

# The unit tests under qemu take about 9 minutes; the system VM (Tests/system/run.sh) now
# runs the arm64 package itself, on an arm64 kernel, so CI leaves them out:
# CROSS_UNIT_TESTS=1 runs them.
if [ "${CROSS_UNIT_TESTS:-0}" = 1 ]; then
    if timed "trixie: unit tests under qemu-aarch64 (swift test --swift-sdk)" \
        deploy/cross-build.sh --exec trixie -- Tests/cross/unit-tests.sh; then
        pass
    else
        failure "trixie: the unit tests under qemu"
    fi
fi

printf '\nTimes:\n'
printf '%s\n' "${timings[@]}"
printf '\ncross: %s passed, %s failed\n' "$passed" "$failed"
[ "$failed" -eq 0 ]
