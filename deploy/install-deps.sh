#!/bin/sh
# Installs the Debian packages weather-kiosk needs to build and to run its tests.
# Idempotent and non-interactive; run as root or through sudo. Debian 12 (bookworm) and
# 13 (trixie), and Raspberry Pi OS on either.
#
#   deploy/install-deps.sh            build and test dependencies
#   deploy/install-deps.sh --runtime  only what the installed binary needs at run time
set -eu

# pkg-config: SwiftPM reads .pc files; the -dev packages: the C libraries we link;
# fonts-dejavu-core: the pages' typeface; systemd: systemd-analyze rates our unit in tests;
# lintian, file: the .deb checks; wget, debian-archive-keyring: deploy/cross-build.sh;
# libtomlplusplus-dev: the TOML parser, compiled in from its headers (nothing at run time);
# valgrind: Benchmarks/ counts instructions with callgrind; libmosquitto-dev: Home
# Assistant over MQTT; mosquitto, mosquitto-clients, openssl: the MQTT tests start a real
# broker (with a TLS listener whose CA they make) and talk to it as Home Assistant would.
# qemu-system-arm through libc6-dev-arm64-cross: Tests/system/run.sh, the arm64 Debian VM
# (listed here so that its preparation in the background of .ci/run never waits for apt's lock).
# apt-utils (apt-ftparchive), gnupg, gpgv, xz-utils: deploy/apt-repository.sh, the signed apt
# repository, and its tests. gettext: msgfmt and msgmerge for the translations in po/
# (deploy/tools/extract-messages.py, generate-catalogs.py, Tests/i18n/check.sh).
build_packages="
    pkg-config
    libmosquitto-dev
    mosquitto
    mosquitto-clients
    openssl
    libtomlplusplus-dev
    valgrind
    libcurl4-openssl-dev
    libcairo2-dev
    libi2c-dev
    libgpiod-dev
    libdrm-dev
    fonts-dejavu-core
    ca-certificates
    systemd
    lintian
    file
    wget
    debian-archive-keyring
    qemu-system-arm
    qemu-user-static
    debootstrap
    e2fsprogs
    cpio
    kmod
    openssh-client
    python3
    gcc-aarch64-linux-gnu
    libc6-dev-arm64-cross
    apt-utils
    gnupg
    gpgv
    xz-utils
    gettext
"
runtime_packages="
    libmosquitto1
    libcairo2
    libfreetype6
    libdrm2
    fonts-dejavu-core
    ca-certificates
"
# The runtime library names differ between bookworm and trixie (t64 transition, gpiod 2).
runtime_versioned() {
    if apt-cache show libgpiod3 >/dev/null 2>&1; then echo "libgpiod3"; else echo "libgpiod2"; fi
    if apt-cache show libcurl4t64 >/dev/null 2>&1; then echo "libcurl4t64"; else echo "libcurl4"; fi
    echo "libi2c0"
}

want="$build_packages"
if [ "${1:-}" = "--runtime" ]; then
    want="$runtime_packages $(runtime_versioned)"
elif [ -n "${1:-}" ]; then
    echo "usage: $0 [--runtime]" >&2
    exit 2
fi

missing=""
for package in $want; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
        missing="$missing $package"
    fi
done

if [ -z "$missing" ]; then
    echo "install-deps.sh: all packages already installed."
    exit 0
fi

# Only now is root needed: on a machine that has everything, nobody is asked for sudo.
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then
        exec sudo -- "$0" "$@"
    fi
    echo "install-deps.sh: run this as root (or install sudo): it installs Debian packages." >&2
    exit 1
fi

echo "install-deps.sh: installing$missing"
export DEBIAN_FRONTEND=noninteractive
apt-get update -q
# shellcheck disable=SC2086  # the list is meant to split into words
apt-get install -y -q --no-install-recommends $missing
