#!/usr/bin/env bash
# Builds the GPIO shim against libgpiod 2.x and runs its tests, next to the system's 1.6.
#
# Debian 12 ships libgpiod 1.6; bookworm-backports has 2.x. This script downloads the 2.x
# libgpiod-dev and its runtime library for amd64 with a private apt configuration (the
# host's sources and package lists are not touched), unpacks them with `dpkg -x` into
# .build-gpiod2/prefix, points the .pc file at that prefix, and builds and runs the
# GPIODTests target through PKG_CONFIG_PATH with its own scratch path (.build-gpiod2).
#
#   Tests/gpiod/v2-build.sh            download (once), build, test
#   Tests/gpiod/v2-build.sh --kiosk    download (once), then build the whole weather-kiosk
#                                      release binary against it (for the kernel VM's
#                                      gpio-sim checks); prints its path as the last line
set -euo pipefail
mode=test
case "${1:-}" in
"") ;;
--kiosk) mode=kiosk ;;
*)
    echo "usage: $0 [--kiosk]" >&2
    exit 2
    ;;
esac
cd "$(dirname "$0")/../.."

root="$PWD/.build-gpiod2"
prefix="$root/prefix"
apt_root="$root/apt"
mirror="${GPIOD2_MIRROR:-http://deb.debian.org/debian}"

if [ ! -f "$prefix/usr/lib/x86_64-linux-gnu/pkgconfig/libgpiod.pc" ]; then
    mkdir -p "$apt_root/lists/partial" "$apt_root/cache/archives/partial" "$apt_root/debs"
    echo "deb $mirror bookworm-backports main" >"$apt_root/sources.list"
    # Private state: the sources list, the package lists and the cache all live under
    # .build-gpiod2/apt; dpkg's status and the trusted keys are the host's, read only.
    cat >"$apt_root/apt.conf" <<CONF
Dir::Etc::SourceList "$apt_root/sources.list";
Dir::Etc::SourceParts "$apt_root/no-parts";
Dir::State::Lists "$apt_root/lists";
Dir::Cache "$apt_root/cache";
APT::Sandbox::User "root";
Acquire::Languages "none";
CONF
    mkdir -p "$apt_root/no-parts"
    export APT_CONFIG="$apt_root/apt.conf"
    apt-get -q update >/dev/null
    (cd "$apt_root/debs" && apt-get -q download libgpiod-dev/bookworm-backports \
        "$(apt-cache depends libgpiod-dev/bookworm-backports | sed -n 's/^ *Depends: \(libgpiod[0-9]*\)$/\1/p' | head -n 1)/bookworm-backports")
    unset APT_CONFIG
    rm -rf "$prefix"
    for deb in "$apt_root"/debs/*.deb; do dpkg -x "$deb" "$prefix"; done
    # The .pc file says prefix=/usr: point it at the unpacked tree.
    sed -i "s|^prefix=.*|prefix=$prefix/usr|" "$prefix/usr/lib/x86_64-linux-gnu/pkgconfig/libgpiod.pc"
fi

export PKG_CONFIG_PATH="$prefix/usr/lib/x86_64-linux-gnu/pkgconfig"
version=$(pkg-config --modversion libgpiod)
case "$version" in
2.*) echo "v2-build.sh: building the GPIO shim against libgpiod $version from $prefix" ;;
*)
    echo "v2-build.sh: expected libgpiod 2.x under $prefix, pkg-config found $version" >&2
    exit 1
    ;;
esac
if [ "$mode" = kiosk ]; then
    # The release build of run.sh, against 2.x. SwiftPM passes cairo's and curl's
    # -L/usr/lib/x86_64-linux-gnu ahead of this prefix, and ld takes the first libgpiod.so
    # on its search path, Debian's 1.6: so the build runs in a mount namespace of its own
    # where that libgpiod.so (the -dev symlink) is the 2.x one; the host's is untouched.
    # The rpath lets the binary find libgpiod.so.3 under the prefix (also inside the
    # kernel VM, which sees this tree).
    lib="$prefix/usr/lib/x86_64-linux-gnu"
    namespace="unshare --mount"
    [ "$(id -u)" -eq 0 ] || namespace="unshare --mount --map-root-user"
    # shellcheck disable=SC2016  # expanded by the inner shell
    $namespace sh -c '
        system=/usr/lib/x86_64-linux-gnu/libgpiod.so
        if [ -e "$system" ]; then mount --bind "$1/libgpiod.so" "$system" || exit 1; fi
        shift
        exec "$@"' sh "$lib" \
        swift build -c release --static-swift-stdlib --scratch-path "$root/kiosk" \
        --product weather-kiosk -Xlinker -rpath -Xlinker "$lib" >&2
    echo "$root/kiosk/release/weather-kiosk"
    exit 0
fi
export LD_LIBRARY_PATH="$prefix/usr/lib/x86_64-linux-gnu${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
# A package of just the shim and its tests (symlinks into this tree), so that the build
# needs none of the project's other dependencies and takes seconds, not minutes.
package="$root/package"
mkdir -p "$package/Sources" "$package/Tests"
ln -sfn "$PWD/Sources/CGPIOD" "$package/Sources/CGPIOD"
ln -sfn "$PWD/Sources/CGPIODShim" "$package/Sources/CGPIODShim"
ln -sfn "$PWD/Tests/GPIODTests" "$package/Tests/GPIODTests"
cat >"$package/Package.swift" <<'MANIFEST'
// swift-tools-version: 6.2
// Written by Tests/gpiod/v2-build.sh: the GPIO shim and its tests, nothing else.
import PackageDescription

let package = Package(
    name: "gpiod-shim",
    targets: [
        .systemLibrary(name: "CGPIOD", pkgConfig: "libgpiod"),
        .target(name: "CGPIODShim", dependencies: ["CGPIOD"]),
        .testTarget(name: "GPIODTests", dependencies: ["CGPIODShim"]),
    ]
)
MANIFEST
# GPIOD_EXPECTED_API makes the tests check that the shim took its libgpiod 2.x branch.
GPIOD_EXPECTED_API=2 swift test --package-path "$package" --scratch-path "$root/build"
