#!/bin/sh
# Installs weather-kiosk from this checkout on a Raspberry Pi (or any Debian machine):
# Debian packages, a release binary with the Swift standard library linked statically,
# the service user and its device groups, the systemd unit, udev rules, and
# /etc/weather-kiosk/config.toml from the example -- only if there is none. Enables I2C
# with raspi-config when present. Safe to run again: it changes only what is missing or
# out of date, and never touches an existing config.
#
#   sudo deploy/install.sh                 install or update
#   sudo deploy/install.sh --uninstall     remove the program; keep config and state
#   sudo deploy/install.sh --uninstall --purge    remove config, state and user too
#
# Options: --binary PATH (install a binary built elsewhere, e.g. by cross-build.sh),
# --no-deps (skip apt), --yes (reboot without asking when I2C was just enabled),
# --root DIR (install into a scratch root: no apt, no systemctl, no raspi-config).
set -eu

here=$(cd "$(dirname "$0")/.." && pwd)
root=""
binary=""
uninstall=false
purge=false
deps=true
assume_yes=false

while [ $# -gt 0 ]; do
    case "$1" in
        --uninstall) uninstall=true; shift ;;
        --purge) purge=true; shift ;;
        --binary) binary="$2"; shift 2 ;;
        --no-deps) deps=false; shift ;;
        --yes|-y) assume_yes=true; shift ;;
        --root) root="${2%/}"; shift 2 ;;
        -h|--help) sed -n '2,20p' "$0"; exit 0 ;;
        *) echo "install.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
done
if $purge && ! $uninstall; then
    echo "install.sh: --purge goes with --uninstall" >&2
    exit 2
fi
if [ "$(id -u)" -ne 0 ]; then
    echo "install.sh: run it as root: sudo $0 $*" >&2
    exit 1
fi

live=true                       # acting on this machine, not a scratch root
[ -z "$root" ] || live=false
say() { printf 'install.sh: %s\n' "$*"; }
prefix_args=""
[ -z "$root" ] || prefix_args="--prefix $root"
group_exists() { grep -q "^$1:" "$root/etc/group" 2>/dev/null; }
user_exists() { grep -q "^$1:" "$root/etc/passwd" 2>/dev/null; }
systemd_running() { $live && [ -d /run/systemd/system ]; }

bin_path="$root/usr/local/bin/weather-kiosk"
unit_path="$root/etc/systemd/system/weather-kiosk.service"
udev_path="$root/etc/udev/rules.d/60-weather-kiosk.rules"
config_dir="$root/etc/weather-kiosk"
state_dir="$root/var/lib/weather-kiosk"

if $uninstall; then
    if systemd_running; then
        systemctl disable --now weather-kiosk.service >/dev/null 2>&1 || true
    fi
    rm -f "$bin_path" "$unit_path" "$udev_path"
    systemd_running && systemctl daemon-reload
    if $purge; then
        rm -rf "$config_dir" "$state_dir"
        # shellcheck disable=SC2086  # prefix_args is empty or "--prefix DIR"
        user_exists weather-kiosk && userdel $prefix_args weather-kiosk
        # shellcheck disable=SC2086
        group_exists weather-kiosk && groupdel $prefix_args weather-kiosk
        say "removed weather-kiosk, its config, its state and its user"
    else
        say "removed weather-kiosk; kept $config_dir and $state_dir (--purge removes them)"
    fi
    exit 0
fi

# 1. Packages.
if $deps && $live; then
    if [ -n "$binary" ]; then
        "$here/deploy/install-deps.sh" --runtime
    else
        "$here/deploy/install-deps.sh"
    fi
fi

# 2. The binary.
if [ -z "$binary" ]; then
    if ! command -v swift >/dev/null 2>&1; then
        echo "install.sh: no Swift toolchain: install Swift 6.2 or newer (docs/install-raspberry-pi.md: \"Swift on the Pi\"), or build on a PC with deploy/cross-build.sh and pass --binary" >&2
        exit 1
    fi
    say "building the release binary (this takes a while on a Pi; see docs/install-raspberry-pi.md for times)"
    (cd "$here" && swift build -c release --static-swift-stdlib --scratch-path .build-release --product weather-kiosk)
    binary="$here/.build-release/release/weather-kiosk"
fi
[ -x "$binary" ] || { echo "install.sh: $binary is not an executable" >&2; exit 1; }
mkdir -p "$(dirname "$bin_path")"
if ! cmp -s "$binary" "$bin_path" 2>/dev/null; then
    install -m 0755 "$binary" "$bin_path.new"
    mv -f "$bin_path.new" "$bin_path"
    say "installed $bin_path"
fi

# 3. Groups and the service user.
for group in i2c gpio spi weather-kiosk; do
    # shellcheck disable=SC2086
    group_exists "$group" || groupadd --system $prefix_args "$group"
done
groups=""
for group in i2c gpio spi video input tty; do
    group_exists "$group" && groups="$groups${groups:+,}$group"
done
if ! user_exists weather-kiosk; then
    # shellcheck disable=SC2086
    useradd --system $prefix_args --gid weather-kiosk --groups "$groups" \
        --home-dir /var/lib/weather-kiosk --no-create-home --shell /usr/sbin/nologin \
        --comment weather-kiosk weather-kiosk
    say "created the user weather-kiosk (groups: $groups)"
else
    # shellcheck disable=SC2086
    usermod $prefix_args --append --groups "$groups" weather-kiosk
fi

# 4. Unit and udev rules.
mkdir -p "$(dirname "$unit_path")" "$(dirname "$udev_path")"
sed "s|/usr/bin/weather-kiosk|/usr/local/bin/weather-kiosk|" "$here/deploy/weather-kiosk.service" > "$unit_path.new"
mv -f "$unit_path.new" "$unit_path"
chmod 0644 "$unit_path"
install -m 0644 "$here/deploy/debian/60-weather-kiosk.rules" "$udev_path"

# 5. The config, only if there is none.
mkdir -p "$config_dir"
if [ -e "$config_dir/config.toml" ]; then
    say "kept your $config_dir/config.toml"
else
    board="raspberry-pi-4"
    model=$(tr -d '\0' < /proc/device-tree/model 2>/dev/null || true)
    case "$model" in
        *"Raspberry Pi 5"*) board="raspberry-pi-5" ;;
        *"Raspberry Pi 4"*|*"Raspberry Pi 400"*|*"Compute Module 4"*) board="raspberry-pi-4" ;;
        *"Raspberry Pi 3"*) board="raspberry-pi-3" ;;
        *"Raspberry Pi Zero 2"*) board="raspberry-pi-zero-2w" ;;
        "") board="simulator" ;;       # no device tree: a PC
    esac
    sed "s|^board = .*|board = \"$board\"|" "$here/deploy/config.example.toml" > "$config_dir/config.toml.new"
    mv "$config_dir/config.toml.new" "$config_dir/config.toml"
    say "wrote $config_dir/config.toml (board $board)"
fi
chown "root:$(grep '^weather-kiosk:' "$root/etc/group" | cut -d: -f3)" "$config_dir/config.toml"
chmod 0640 "$config_dir/config.toml"

# 6. I2C, on Raspberry Pi OS.
reboot_needed=false
if $live && command -v raspi-config >/dev/null 2>&1; then
    if [ "$(raspi-config nonint get_i2c)" != "0" ]; then
        raspi-config nonint do_i2c 0
        say "enabled I2C; it takes effect after a reboot"
        reboot_needed=true
    fi
fi

# 7. The service.
if systemd_running; then
    udevadm control --reload-rules 2>/dev/null || true
    udevadm trigger --subsystem-match=i2c-dev --subsystem-match=gpio --subsystem-match=spidev 2>/dev/null || true
    systemctl daemon-reload
    systemctl enable weather-kiosk.service >/dev/null 2>&1
    systemctl restart weather-kiosk.service
    say "weather-kiosk is running: \`systemctl status weather-kiosk\`, \`weather-kiosk status\`"
fi

cat <<NEXT

Next:
  weather-kiosk city add "Your City"      add favourites (over SSH, any time)
  weather-kiosk doctor                    check sensor, buttons, display, clock, network
  weather-kiosk preview                   see the screen in this terminal
NEXT

if $reboot_needed; then
    if $assume_yes; then
        say "rebooting to enable I2C"
        reboot
    elif [ -t 0 ]; then
        printf 'Reboot now to enable I2C? [y/N] '
        read -r answer
        case "$answer" in [yY]*) reboot ;; *) say "reboot later: sudo reboot" ;; esac
    else
        say "reboot to enable I2C: sudo reboot"
    fi
fi
