#!/usr/bin/env bash
# The amd64 run-time libraries of a Debian suite, for the reference pictures:
#   Tests/cross/reference-runtime.sh bookworm|trixie
# prints the path of a runner script that starts a program with that suite's amd64 dynamic
# loader, glibc, Cairo, FreeType, pixman and libcurl instead of the host's. The amd64 build
# run through it draws with the same libraries as the arm64 build does under qemu, so the
# pictures can be compared closely: FreeType 2.12 (bookworm) and 2.13 (trixie) place glyph
# edges differently, which is not what the comparison is about.
#
# Downloads about 40 MB the first time with a private apt configuration (the host's apt
# sources and packages are not touched) and keeps it in the cross-build cache.
set -euo pipefail

suite=$1
cache=${WEATHER_KIOSK_CROSS_CACHE:-/var/cache/weather-kiosk-cross}
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
directory=$cache/reference-$suite-amd64
root=$directory/root
recipe="1 $suite"

if [ "$(cat "$directory/ready" 2>/dev/null)" = "$recipe" ] && [ -x "$directory/run" ]; then
    echo "$directory/run"
    exit 0
fi

case "$suite" in
    bookworm) packages="libc6 libstdc++6 libcairo2 libcurl4 libi2c0 libgpiod2" ;;
    trixie) packages="libc6 libstdc++6 libcairo2 libcurl4t64 libi2c0 libgpiod3" ;;
    *)
        echo "reference-runtime.sh: unknown suite '$suite'; choose bookworm or trixie." >&2
        exit 2
        ;;
esac

rm -rf "$directory"
mkdir -p "$directory"/apt/{etc/apt.conf.d,etc/preferences.d,state/lists/partial} \
    "$directory"/apt/cache/archives/partial "$root"
: >"$directory/apt/state/status"
echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $mirror $suite main" \
    >"$directory/apt/etc/sources.list"
cat >"$directory/apt/apt.conf" <<EOF
Dir "$directory/apt/";
Dir::Etc "etc/";
Dir::State "state/";
Dir::State::status "$directory/apt/state/status";
Dir::Cache "cache/";
APT::Architecture "amd64";
APT::Architectures { "amd64"; };
APT::Install-Recommends "false";
APT::Sandbox::User "root";
Acquire::Languages "none";
Acquire::Check-Valid-Until "false";
EOF
# shellcheck disable=SC2086  # the package list is meant to split into words
{
    APT_CONFIG=$directory/apt/apt.conf apt-get -q update &&
        APT_CONFIG=$directory/apt/apt.conf apt-get -q install --download-only -y $packages
} >"$directory/apt.log" 2>&1 || {
    echo "reference-runtime.sh: downloading $suite's amd64 libraries failed" \
        "(log: $directory/apt.log)." >&2
    exit 1
}
for archive in "$directory"/apt/cache/archives/*.deb; do
    dpkg-deb -x "$archive" "$root"
done
rm -rf "$directory/apt"

loader=$(find "$root" -name 'ld-linux-x86-64.so.2' -type f | head -1)
[ -n "$loader" ] || {
    echo "reference-runtime.sh: no ld-linux-x86-64.so.2 in $suite's libc6." >&2
    exit 1
}
# The suite's libraries first; the host's after them for what the suite does not have
# (the host build links libgpiod.so.2, which trixie replaced with libgpiod.so.3; it is not
# used to draw). The binary's RUNPATH still finds the host's Swift runtime.
library_path=$root/lib/x86_64-linux-gnu:$root/usr/lib/x86_64-linux-gnu
library_path=$library_path:/lib/x86_64-linux-gnu:/usr/lib/x86_64-linux-gnu
cat >"$directory/run" <<EOF
#!/bin/sh
exec "$loader" --library-path "$library_path" "\$@"
EOF
chmod 755 "$directory/run"
echo "$recipe" >"$directory/ready"
echo "$directory/run"
