#!/usr/bin/env bash
# The amd64 .debs a release publishes next to the arm64 ones, made and checked the way
# Tests/cross/run.sh makes and checks those: deploy/cross-build.sh --arch amd64 SUITE
# builds against the suite's own amd64 libraries with the same Swift 6.2.3 as the arm64
# builds; then lintian, the architecture, the Depends against the libraries the binary
# links, and Tests/cross/record.sh's checks run with the suite's amd64 libraries, whose
# output must be the reference build's (Tests/cross/run.sh records it first, in
# .build-arm64-checks/amd64-SUITE) and whose pictures must match it within the golden
# tests' tolerance.
#
#   Tests/deploy/amd64-debs.sh [SUITE...]     default: bookworm trixie
#
# .ci/run calls it when CROSS_AMD64=1 (the release workflow sets it; a build takes about
# as long as an arm64 one). Runs as root (the build uses a chroot). Prints one line per
# failed check and "amd64 .debs: N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1

checks=.build-arm64-checks
passed=0
failed=0
expect() {
    local description=$1
    shift
    if "$@" >"$checks/amd64-debs-check.out" 2>&1; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        printf 'FAIL %s\n' "$description"
        sed 's/^/     /' "$checks/amd64-debs-check.out" | head -15
    fi
}

# same_record REFERENCE RECORD: every check printed and returned the same, and drew the
# same pictures within the golden tests' tolerance.
same_record() {
    local picture
    diff -r --exclude='*.png' "$1" "$2" || return 1
    for picture in "$1"/*.png; do
        python3 Tests/cross/compare-png.py "$picture" "$2/$(basename "$picture")" || return 1
    done
}

# depends_cover DEB BINARY: each shared library the binary needs is in a package the
# .deb depends on.
depends_cover() {
    local depends library package
    depends=$(dpkg-deb -f "$1" Depends | tr ',' '\n' | awk '{ print $1 }')
    for library in $(objdump -p "$2" | awk '$1 == "NEEDED" { print $2 }'); do
        case "$library" in
            libc.so.* | libm.so.* | ld-linux-x86-64.so.*) package=libc6 ;;
            libstdc++.so.*) package=libstdc++6 ;;
            libgcc_s.so.*) package=libgcc-s1 ;;
            libcurl.so.4) package=libcurl4 ;;
            libcairo.so.2) package=libcairo2 ;;
            libfreetype.so.6) package=libfreetype6 ;;
            libgpiod.so.2) package=libgpiod2 ;;
            libgpiod.so.3) package=libgpiod3 ;;
            libi2c.so.0) package=libi2c0 ;;
            libdrm.so.2) package=libdrm2 ;;
            libmosquitto.so.1) package=libmosquitto1 ;;
            *) echo "unexpected library $library"; return 1 ;;
        esac
        grep -q "^$package" <<<"$depends" || { echo "$library: no $package in Depends"; return 1; }
    done
}

mkdir -p "$checks"
version=$(sed -n 's/.*static let string = "\(.*\)".*/\1/p' Sources/KioskCore/Version.swift)
suites=("$@")
[ ${#suites[@]} -gt 0 ] || suites=(bookworm trixie)
for suite in "${suites[@]}"; do
    deb=out/deb/weather-kiosk_${version}-1~${suite}_amd64.deb
    binary=.build-amd64-$suite/weather-kiosk
    rm -f "$deb"
    started=$(date +%s)
    if ! deploy/cross-build.sh --arch amd64 "$suite" >"$checks/build-amd64-$suite.log" 2>&1; then
        expect "$suite: deploy/cross-build.sh --arch amd64 $suite (log: $checks/build-amd64-$suite.log)" false
        continue
    fi
    echo "$suite: amd64 build and .deb in $(($(date +%s) - started)) s"
    expect "$suite: the .deb exists ($deb)" test -f "$deb"
    expect "$suite .deb: lintian reports no errors" lintian --fail-on error "$deb"
    expect "$suite .deb: Architecture amd64" test "$(dpkg-deb -f "$deb" Architecture)" = amd64
    expect "$suite .deb: Depends names the libraries the binary links" depends_cover "$deb" "$binary"
    expect "$suite: no ICU and no FoundationInternationalization" Tests/deploy/no-icu.sh "$binary"
    runner=$(Tests/cross/reference-runtime.sh "$suite") ||
        { expect "$suite: $suite's amd64 libraries (Tests/cross/reference-runtime.sh)" false; continue; }
    # The reference: the debug build of this tree with the same libraries, as recorded by
    # Tests/cross/run.sh (recorded here when this script runs on its own).
    if [ ! -d "$checks/amd64-$suite" ]; then
        swift build --product weather-kiosk >"$checks/amd64-reference-build.log" 2>&1 &&
            Tests/cross/record.sh "$checks/amd64-$suite" \
                "$(swift build --show-bin-path)/weather-kiosk" "$runner"
    fi
    Tests/cross/record.sh "$checks/amd64-build-$suite" "$binary" "$runner"
    expect "$suite: with $suite's libraries it prints, returns and draws what the reference build does" \
        same_record "$checks/amd64-$suite" "$checks/amd64-build-$suite"
done
printf 'amd64 .debs: %s passed, %s failed\n' "$passed" "$failed"
[ "$failed" -eq 0 ]
