#!/bin/sh
# Builds the weather-kiosk .deb: the release binary (Swift standard library linked
# statically, stripped), the systemd unit, the example config as a conffile, the board
# profiles, udev rules for I2C and GPIO, and maintainer scripts that create the user and
# enable the service.
#
#   deploy/build-deb.sh                          for this machine (builds the binary)
#   deploy/build-deb.sh --arch arm64 --suite trixie --binary PATH
#                                                for a Pi, from deploy/cross-build.sh
# Options: --arch ARCH, --suite bookworm|trixie (decides Depends), --binary PATH (use a
# built binary), --output DIR (default out/deb). Prints the path of the .deb.
set -eu

here=$(cd "$(dirname "$0")/.." && pwd)
arch=$(dpkg --print-architecture)
suite=""
binary=""
output="$here/out/deb"

while [ $# -gt 0 ]; do
    case "$1" in
        --arch) arch="$2"; shift 2 ;;
        --suite) suite="$2"; shift 2 ;;
        --binary) binary="$2"; shift 2 ;;
        --output) output="$2"; shift 2 ;;
        -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
        *) echo "build-deb.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
done

if [ -z "$suite" ]; then
    suite=$(. /etc/os-release 2>/dev/null && echo "${VERSION_CODENAME:-bookworm}")
fi
case "$suite" in
    bookworm)
        depends="libc6 (>= 2.35), libstdc++6 (>= 12), libgcc-s1, libcurl4 (>= 7.88), libcairo2 (>= 1.16), libfreetype6 (>= 2.12), libgpiod2 (>= 1.6), libi2c0, libdrm2 (>= 2.4.114), libmosquitto1 (>= 2.0.11), fonts-dejavu-core, adduser"
        unit_dir="lib/systemd/system"
        udev_dir="lib/udev/rules.d" ;;
    trixie)
        depends="libc6 (>= 2.38), libstdc++6 (>= 12), libgcc-s1, libcurl4t64 (>= 8.14), libcairo2 (>= 1.18), libfreetype6 (>= 2.13), libgpiod3 (>= 2.2), libi2c0, libdrm2 (>= 2.4.114), libmosquitto1 (>= 2.0.11), fonts-dejavu-core, adduser"
        unit_dir="usr/lib/systemd/system"
        udev_dir="usr/lib/udev/rules.d" ;;
    *) echo "build-deb.sh: --suite must be bookworm or trixie, not '$suite'" >&2; exit 2 ;;
esac

version=$(sed -n 's/.*static let string = "\(.*\)".*/\1/p' "$here/Sources/KioskCore/Version.swift")
[ -n "$version" ] || { echo "build-deb.sh: cannot read the version from Sources/KioskCore/Version.swift" >&2; exit 1; }

if [ -z "$binary" ]; then
    if [ "$arch" != "$(dpkg --print-architecture)" ]; then
        echo "build-deb.sh: for $arch, build the binary first (deploy/cross-build.sh $suite) and pass --binary" >&2
        exit 2
    fi
    echo "build-deb.sh: building the release binary (swift build -c release --static-swift-stdlib)" >&2
    (cd "$here" && swift build -c release --static-swift-stdlib --scratch-path .build-release --product weather-kiosk >&2)
    binary="$here/.build-release/release/weather-kiosk"
fi
[ -x "$binary" ] || { echo "build-deb.sh: $binary is not an executable" >&2; exit 1; }

package="weather-kiosk_${version}-1~${suite}_${arch}"
stage="$output/$package"
rm -rf "$stage"
mkdir -p "$stage/DEBIAN" "$stage/usr/bin" "$stage/$unit_dir" "$stage/$udev_dir" \
    "$stage/etc/weather-kiosk" "$stage/usr/share/weather-kiosk/boards" \
    "$stage/usr/share/doc/weather-kiosk"

install -m 0755 "$binary" "$stage/usr/bin/weather-kiosk"
if file "$stage/usr/bin/weather-kiosk" | grep -q "not stripped"; then
    strip_tool=strip
    [ "$arch" = "$(dpkg --print-architecture)" ] || strip_tool="${STRIP:-llvm-objcopy --strip-all}"
    if ! $strip_tool "$stage/usr/bin/weather-kiosk" 2>/dev/null; then
        echo "build-deb.sh: cannot strip the $arch binary here; pass a stripped one (cross-build.sh strips)" >&2
        exit 1
    fi
fi
install -m 0644 "$here/deploy/weather-kiosk.service" "$stage/$unit_dir/weather-kiosk.service"
install -m 0644 "$here/deploy/debian/60-weather-kiosk.rules" "$stage/$udev_dir/60-weather-kiosk.rules"
install -m 0644 "$here/deploy/config.example.toml" "$stage/etc/weather-kiosk/config.toml"
# The profiles are inside the binary; these copies are for reading (`less`, diff against
# a config).
install -m 0644 "$here"/boards/*.toml "$stage/usr/share/weather-kiosk/boards/"
install -d "$stage/usr/share/weather-kiosk/boards/addons"
install -m 0644 "$here"/boards/addons/*.toml "$stage/usr/share/weather-kiosk/boards/addons/"
install -m 0644 "$here/deploy/debian/copyright" "$stage/usr/share/doc/weather-kiosk/copyright"
date=$(date -R -u -d "@$(git -C "$here" log -1 --format=%ct 2>/dev/null || date +%s)")
printf 'weather-kiosk (%s-1~%s) %s; urgency=medium\n\n  * Release %s.\n\n -- weather-kiosk developers <maintainers@weather-kiosk.invalid>  %s\n' \
    "$version" "$suite" "$suite" "$version" "$date" | gzip -9n > "$stage/usr/share/doc/weather-kiosk/changelog.Debian.gz"
chmod 0644 "$stage/usr/share/doc/weather-kiosk/changelog.Debian.gz"

for script in postinst prerm postrm; do
    install -m 0755 "$here/deploy/debian/$script" "$stage/DEBIAN/$script"
done
echo "/etc/weather-kiosk/config.toml" > "$stage/DEBIAN/conffiles"
size=$(du -k -s "$stage" --exclude=DEBIAN | cut -f1)
cat > "$stage/DEBIAN/control" <<CONTROL
Package: weather-kiosk
Version: ${version}-1~${suite}
Architecture: ${arch}
Maintainer: weather-kiosk developers <maintainers@weather-kiosk.invalid>
Installed-Size: ${size}
Depends: ${depends}
Section: misc
Priority: optional
Homepage: https://github.com/weather-kiosk/weather-kiosk
Description: wall-mounted weather station for Raspberry Pi boards
 Reads a BME280 sensor over I2C, fetches Open-Meteo forecasts for a list of
 favourite cities, and cycles them on a framebuffer or a small LCD or OLED,
 with GPIO buttons to move through the list. Configured over SSH with the
 weather-kiosk command; runs as a hardened systemd service.
CONTROL

find "$stage" -type d -exec chmod 0755 {} +
dpkg-deb --root-owner-group --build "$stage" "$output/$package.deb" >&2
rm -rf "$stage"
echo "$output/$package.deb"
