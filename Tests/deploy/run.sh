#!/usr/bin/env bash
# Checks the installer and the .deb in scratch roots: the files land where they should
# with the right modes, the installer is idempotent and never overwrites a config, the
# uninstaller keeps config and state unless --purge, and lintian finds no errors.
#
#   Tests/deploy/run.sh [BINARY]    BINARY: a release build (default: build one)
set -uo pipefail
cd "$(dirname "$0")/../.."
repo=$(pwd)
passed=0
failed=0
check() {
    local name="$1"
    shift
    if "$@" >/tmp/deploy-check.out 2>&1; then
        echo "PASS $name"
        passed=$((passed + 1))
    else
        echo "FAIL $name"
        sed 's/^/     /' /tmp/deploy-check.out | tail -15
        failed=$((failed + 1))
    fi
}

binary="${1:-}"
if [ -z "$binary" ]; then
    swift build -c release --static-swift-stdlib --scratch-path .build-release --product weather-kiosk >&2 || exit 1
    binary="$repo/.build-release/release/weather-kiosk"
fi
scratch=$(mktemp -d /tmp/weather-kiosk-deploy-XXXXXX)
trap 'rm -rf "$scratch"' EXIT

# A minimal root for useradd/groupadd --prefix.
make_root() {
    mkdir -p "$1/etc" "$1/usr/local/bin"
    printf 'root:x:0:0:root:/root:/bin/sh\n' > "$1/etc/passwd"
    printf 'root:x:0:\ntty:x:5:\nvideo:x:44:\ninput:x:105:\n' > "$1/etc/group"
    printf 'root:*:19000:0:99999:7:::\n' > "$1/etc/shadow"
    printf 'root:*::\ntty:*::\nvideo:*::\ninput:*::\n' > "$1/etc/gshadow"
}

# --- install.sh ---
root="$scratch/installer"
make_root "$root"
check "install.sh installs into a scratch root" deploy/install.sh --root "$root" --binary "$binary" --no-deps
check "binary installed and runs" "$root/usr/local/bin/weather-kiosk" --version
check "unit installed pointing at /usr/local/bin" grep -q "^ExecStart=/usr/local/bin/weather-kiosk run" "$root/etc/systemd/system/weather-kiosk.service"
check "udev rules installed" test -f "$root/etc/udev/rules.d/60-weather-kiosk.rules"
check "config written from the example and valid" "$root/usr/local/bin/weather-kiosk" config check "$root/etc/weather-kiosk/config.toml"
check "config mode 0640" test "$(stat -c %a "$root/etc/weather-kiosk/config.toml")" = 640
check "user weather-kiosk with its groups" bash -c "grep -q '^weather-kiosk:' '$root/etc/passwd' && grep -q '^video:.*weather-kiosk' '$root/etc/group' && grep -q '^i2c:.*weather-kiosk' '$root/etc/group' && grep -q '^gpio:.*weather-kiosk' '$root/etc/group' && grep -q '^spi:.*weather-kiosk' '$root/etc/group'"
echo "# edited by hand" >> "$root/etc/weather-kiosk/config.toml"
before=$(sha256sum < "$root/etc/weather-kiosk/config.toml")
check "install.sh again succeeds" deploy/install.sh --root "$root" --binary "$binary" --no-deps
check "an existing config is never overwritten" test "$(sha256sum < "$root/etc/weather-kiosk/config.toml")" = "$before"
check "the user is created once" test "$(grep -c '^weather-kiosk:' "$root/etc/passwd")" = 1
mkdir -p "$root/var/lib/weather-kiosk" && echo '{}' > "$root/var/lib/weather-kiosk/state.json"
check "uninstall succeeds" deploy/install.sh --root "$root" --uninstall
check "uninstall removes the program" test ! -e "$root/usr/local/bin/weather-kiosk" -a ! -e "$root/etc/systemd/system/weather-kiosk.service"
check "uninstall keeps config and state" test -f "$root/etc/weather-kiosk/config.toml" -a -f "$root/var/lib/weather-kiosk/state.json"
check "uninstall --purge succeeds" deploy/install.sh --root "$root" --uninstall --purge
check "purge removes config, state and user" bash -c "test ! -e '$root/etc/weather-kiosk' && test ! -e '$root/var/lib/weather-kiosk' && ! grep -q '^weather-kiosk:' '$root/etc/passwd'"
check "maintainer and install scripts parse" bash -c "for f in deploy/install.sh deploy/build-deb.sh deploy/install-deps.sh deploy/debian/postinst deploy/debian/prerm deploy/debian/postrm; do sh -n \$f || exit 1; done"

# --- the .deb ---
deb=$(deploy/build-deb.sh --binary "$binary" --output "$scratch/deb" 2>"$scratch/build-deb.log")
check "build-deb.sh builds a package" test -f "$deb"
check "lintian reports no errors" bash -c "lintian --fail-on error '$deb'"
extract="$scratch/extract"
check "dpkg -x extracts it" dpkg -x "$deb" "$extract"
check "the binary runs from the package" "$extract/usr/bin/weather-kiosk" --version
check "the example config is the conffile" bash -c "dpkg-deb -I '$deb' conffiles | grep -qx /etc/weather-kiosk/config.toml && cmp '$extract/etc/weather-kiosk/config.toml' deploy/config.example.toml"
check "the unit is the one in deploy/" bash -c "cmp \"\$(find '$extract' -name weather-kiosk.service)\" deploy/weather-kiosk.service"
check "board and add-on profiles are installed" diff -r boards "$extract/usr/share/weather-kiosk/boards"
check "Depends names the libraries the binary links" bash -c "depends=\$(dpkg-deb -f '$deb' Depends); for lib in \$(objdump -p '$extract/usr/bin/weather-kiosk' | awk '/NEEDED/ {print \$2}'); do case \$lib in libc.so*|libm.so*|ld-linux*) pkg=libc6;; libstdc++*) pkg=libstdc++6;; libgcc_s*) pkg=libgcc-s1;; libcurl*) pkg=libcurl4;; libcairo*) pkg=libcairo2;; libfreetype*) pkg=libfreetype6;; libgpiod*) pkg=libgpiod;; libi2c*) pkg=libi2c0;; libdrm*) pkg=libdrm2;; libmosquitto*) pkg=libmosquitto1;; *) echo unexpected \$lib; exit 1;; esac; echo \"\$depends\" | grep -q \"\$pkg\" || { echo missing \$pkg for \$lib; exit 1; }; done"
dpkgroot="$scratch/dpkgroot"
mkdir -p "$dpkgroot/var/lib/dpkg/info" "$dpkgroot/var/lib/dpkg/updates"
touch "$dpkgroot/var/lib/dpkg/status"
check "dpkg --root unpacks it into a scratch root" dpkg --root="$dpkgroot" --force-depends --unpack "$deb"
check "dpkg lists its files there" bash -c "dpkg --root='$dpkgroot' -L weather-kiosk | grep -q /usr/bin/weather-kiosk && test -x '$dpkgroot/usr/bin/weather-kiosk'"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
