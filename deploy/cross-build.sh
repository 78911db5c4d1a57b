#!/usr/bin/env bash
# Builds weather-kiosk for a 64-bit Raspberry Pi (Raspberry Pi OS / Debian arm64, bookworm
# or trixie) on an x86_64 Debian or Ubuntu PC, so nothing has to be compiled on the Pi.
#
#   sudo deploy/cross-build.sh [bookworm|trixie]          build (default: bookworm)
#   sudo deploy/cross-build.sh --prepare SUITE            only download and cache (steps 1-5)
#   sudo deploy/cross-build.sh --exec SUITE -- CMD ARG...  run CMD in the build chroot
#   sudo deploy/cross-build.sh --arch amd64 SUITE          the same for a 64-bit PC (amd64)
#                                                         against that suite's libraries
#
# How: Debian sid's Swift 6.2.3 (in a sid chroot, as it needs a newer glibc than the host's)
# cross-compiles against an arm64 sysroot made of the chosen suite's own .debs, through a
# Swift SDK bundle. The Swift standard library is linked statically, so the Pi needs only
# the suite's C libraries (libcurl, cairo, libgpiod, libi2c). Only Debian's archive is
# contacted; the host's apt sources and installed packages are left alone (a private apt
# configuration is used); everything is kept in the cache directory between runs.
#
# Environment:
#   WEATHER_KIOSK_CROSS_CACHE  cache directory (default /var/cache/weather-kiosk-cross;
#                              about 5 GB, the first run downloads about 1.4 GB)
#   DEBIAN_MIRROR              Debian archive (default http://deb.debian.org/debian)
#
# The stripped binary lands in .build-ARCH-SUITE/weather-kiosk in the project (ARCH: arm64,
# or amd64 with --arch amd64, which can go before any of the forms above), its .deb in
# out/deb/weather-kiosk_VERSION-1~SUITE_ARCH.deb.
set -euo pipefail

project=$(cd "$(dirname "$0")/.." && pwd -P)
# shellcheck source=deploy/cross/steps.sh
. "$project/deploy/cross/steps.sh"

cache=${WEATHER_KIOSK_CROSS_CACHE:-/var/cache/weather-kiosk-cross}
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
keyring=/usr/share/keyrings/debian-archive-keyring.gpg

usage() {
    echo "usage: $0 [--arch arm64|amd64] [bookworm|trixie]" >&2
    echo "       $0 --prepare bookworm|trixie" >&2
    echo "       $0 --exec bookworm|trixie -- COMMAND [ARGUMENT...]" >&2
    exit 2
}

original_arguments=("$@")
mode=build
suite=bookworm
arch=arm64
if [ "${1:-}" = "--arch" ]; then
    arch=${2:-}
    shift 2 || usage
    case "$arch" in
        arm64 | amd64) ;;
        *)
            echo "cross-build.sh: unknown architecture '$arch': choose arm64 (a 64-bit" \
                "Raspberry Pi) or amd64 (a 64-bit PC)." >&2
            exit 2
            ;;
    esac
fi
if [ "${1:-}" = "--exec" ]; then
    mode="exec"
    suite=${2:-}
    if [ "${3:-}" != "--" ] || [ $# -lt 4 ]; then usage; fi
    shift 3
elif [ "${1:-}" = "--prepare" ]; then
    mode=prepare
    suite=${2:-}
    if [ $# -ne 2 ]; then usage; fi
elif [ $# -gt 1 ]; then
    usage
elif [ $# -eq 1 ]; then
    suite=$1
fi
case "$suite" in
    bookworm | trixie) ;;
    -h | --help) usage ;;
    *)
        echo "cross-build.sh: unknown suite '$suite': choose bookworm (Debian 12, Pi OS" \
            "bookworm) or trixie (Debian 13, Pi OS trixie)." >&2
        exit 2
        ;;
esac

# Checks what the host needs, then re-executes this script in a private mount namespace:
# the chroot's mounts then exist only for this process and its children and vanish with
# them, whatever way the script ends (the EXIT trap below unmounts them in order first).
check_host_and_enter_namespace "$0" "${original_arguments[@]}"

set_paths
trap unmount_all EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

mkdir -p "$cache"
exec 9>"$cache/.lock"
if ! flock -n 9; then
    progress "waiting for another cross-build.sh using $cache to finish"
    flock 9
fi

step 1 "debootstrap (to make the build chroot)" fetch_debootstrap
step 2 "Debian sid build chroot with Swift and qemu-user (about 750 MB the first time)" \
    make_build_chroot
if [ "$arch" = arm64 ]; then
    step 3 "Swift's arm64 standard library from sid (about 530 MB the first time)" \
        fetch_swift_arm64
else
    step 3 "Swift's amd64 standard library (the chroot's own)" copy_swift_amd64
fi
step 4 "$arch sysroot of $suite's libraries (about 80 MB the first time)" make_sysroot
step 5 "Swift SDK bundle $sdk_id" write_sdk_bundle
if [ "$mode" = prepare ]; then
    progress "$suite is prepared in $cache; the build itself is: $0 $suite"
    exit 0
fi
step 6 "mounting the project and the Swift package mirror into the chroot" mount_all

if [ "$mode" = exec ]; then
    in_chroot "$@"
    exit $?
fi

step 7 "building weather-kiosk for $arch ($suite, release, Swift stdlib linked statically)" \
    build_release
step 8 "stripping" strip_binary
step 9 "packaging (deploy/build-deb.sh --arch $arch --suite $suite)" package_deb
report_binary
