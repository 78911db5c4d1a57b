# The steps of deploy/cross-build.sh; sourced by it, not run on its own.
# shellcheck shell=bash
# Variables set by cross-build.sh before any step runs: project, cache, mirror, keyring,
# suite. Paths starting with $root are the chroot as the host sees it; $cross_dir and
# everything under it are paths as seen inside the chroot.

cross_dir=/opt/weather-kiosk-cross
# Bump when a step's recipe changes: the step's cached result is then rebuilt.
chroot_recipe=1
swift_recipe=1
sysroot_recipe=3
chroot_packages="swiftlang build-essential git ca-certificates debian-archive-keyring"
# What the arm64 sysroot holds: the C and C++ runtime to link against and the C libraries
# weather-kiosk uses, with their full dependency closure (the apt status is empty); toml++
# for its headers only (the binary needs no toml++ package).
sysroot_packages_common="libc6-dev linux-libc-dev libcurl4-openssl-dev libcairo2-dev
    libgpiod-dev libi2c-dev libdrm-dev libmosquitto-dev libtomlplusplus-dev fonts-dejavu-core"
chroot_path=/usr/libexec/swift/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin

# Sets the paths that depend on the cache directory, the suite and the architecture
# (arm64 or amd64): target_triple names it as Debian's Swift modules do (its amd64 ones
# are built for x86_64-pc-linux-gnu), multiarch as Debian's library directories do.
set_paths() {
    root=$cache/sid-amd64
    case "$arch" in
        arm64) triple_arch=aarch64 target_triple=aarch64-unknown-linux-gnu ;;
        amd64) triple_arch=x86_64 target_triple=x86_64-pc-linux-gnu ;;
    esac
    multiarch=$triple_arch-linux-gnu
    sdk_id=debian-$suite-$triple_arch
    bundle=$cross_dir/sdk/$sdk_id.artifactbundle
    sysroot=$bundle/$sdk_id/sysroot
    scratch=.build-$arch-$suite
}

progress() { printf 'cross-build.sh: %s\n' "$*"; }

fail() {
    printf 'cross-build.sh: %s\n' "$*" >&2
    exit 1
}

# step NUMBER TITLE FUNCTION: prints a progress line, runs the function, prints its time.
step() {
    local number=$1 title=$2 function=$3 started
    started=$(date +%s)
    printf '\n==> [%s/9] %s\n' "$number" "$title"
    "$function"
    printf '    (%s s)\n' "$(($(date +%s) - started))"
}

check_host_and_enter_namespace() {
    local script=$1
    shift
    if [ -n "${WEATHER_KIOSK_CROSS_NAMESPACE:-}" ]; then return 0; fi
    if [ "$(id -u)" -ne 0 ]; then
        fail "run this as root (sudo $script ...): it makes a chroot and mounts into it."
    fi
    if [ "$(uname -m)" != x86_64 ]; then
        fail "this machine is $(uname -m); the cross build needs an x86_64 Debian or Ubuntu PC."
    fi
    local tool
    for tool in unshare chroot mount umount flock dpkg-deb apt-get wget findmnt; do
        command -v "$tool" >/dev/null 2>&1 ||
            fail "'$tool' is missing: install it with 'apt-get install $(package_of "$tool")'."
    done
    [ -r "$keyring" ] ||
        fail "$keyring is missing: install Debian's archive keys with" \
            "'apt-get install debian-archive-keyring'."
    export WEATHER_KIOSK_CROSS_NAMESPACE=1
    exec unshare --mount --propagation private -- bash "$script" "$@"
}

package_of() {
    case "$1" in
        flock | unshare | mount | umount | findmnt) echo util-linux ;;
        chroot) echo coreutils ;;
        dpkg-deb) echo dpkg ;;
        apt-get) echo apt ;;
        *) echo "$1" ;;
    esac
}

stamp_is() { [ "$(cat "$cache/stamps/$1" 2>/dev/null)" = "$2" ]; }
write_stamp() {
    mkdir -p "$cache/stamps"
    printf '%s\n' "$2" >"$cache/stamps/$1"
}

# Removes a half-made cache directory, refusing while anything is mounted under it.
remove_tree() {
    if findmnt -rn -o TARGET | grep -q "^$1\(/\|$\)"; then
        fail "$1 still has mounts under it (see 'findmnt'); unmount them, then run again."
    fi
    rm -rf --one-file-system "$1"
}

# A private apt configuration: own sources, lists, cache and an empty dpkg status, so the
# host's (or the chroot's) apt setup is neither read nor changed, and the full dependency
# closure of what is asked for gets downloaded.
# write_apt_config DIRECTORY ARCHITECTURE SOURCES_LINE KEYRING [WHERE]
# DIRECTORY is the path as apt will see it; the files go to WHERE/DIRECTORY (WHERE is the
# chroot for an apt that runs inside it).
write_apt_config() {
    local directory=$1 architecture=$2 sources=$3 keys=$4 where=${5:-}
    mkdir -p "$where$directory"/etc/{apt.conf.d,preferences.d,sources.list.d} \
        "$where$directory"/state/lists/partial "$where$directory"/cache/archives/partial
    : >"$where$directory/state/status"
    printf 'deb [signed-by=%s] %s\n' "$keys" "$sources" >"$where$directory/etc/sources.list"
    cat >"$where$directory/apt.conf" <<EOF
Dir "$directory/";
Dir::Etc "etc/";
Dir::State "state/";
Dir::State::status "$directory/state/status";
Dir::Cache "cache/";
APT::Architecture "$architecture";
APT::Architectures { "$architecture"; };
APT::Install-Recommends "false";
APT::Sandbox::User "root";
Acquire::Languages "none";
Acquire::Check-Valid-Until "false";
Acquire::Retries "3";
EOF
}

# --- step 1 ---------------------------------------------------------------------------

fetch_debootstrap() {
    if command -v debootstrap >/dev/null 2>&1; then
        debootstrap_command=(debootstrap)
        progress "using the host's $(command -v debootstrap)"
        return
    fi
    local directory=$cache/debootstrap
    debootstrap_command=(env "DEBOOTSTRAP_DIR=$directory/usr/share/debootstrap"
        "$directory/usr/sbin/debootstrap")
    if stamp_is debootstrap 1 && [ -x "$directory/usr/sbin/debootstrap" ]; then
        progress "cached in $directory"
        return
    fi
    local apt_directory=$cache/host-apt
    rm -rf "$directory" "$apt_directory"
    write_apt_config "$apt_directory" amd64 "$mirror sid main" "$keyring"
    progress "downloading debootstrap from $mirror (sid), without installing it on the host"
    APT_CONFIG=$apt_directory/apt.conf apt-get -q update >"$cache/host-apt.log" 2>&1 ||
        fail "apt-get update from $mirror failed (log: $cache/host-apt.log);" \
            "check the network or set DEBIAN_MIRROR to a reachable Debian mirror."
    (cd "$apt_directory/cache" && APT_CONFIG=$apt_directory/apt.conf apt-get -q download \
        debootstrap >>"$cache/host-apt.log" 2>&1) ||
        fail "downloading debootstrap failed (log: $cache/host-apt.log)."
    dpkg-deb -x "$apt_directory"/cache/debootstrap_*.deb "$directory"
    rm -rf "$apt_directory"
    write_stamp debootstrap 1
}

# --- step 2 ---------------------------------------------------------------------------

make_build_chroot() {
    if stamp_is chroot "$chroot_recipe" && [ -x "$root/usr/libexec/swift/bin/swift" ]; then
        progress "cached in $root ($(chroot_swift_version))"
        return
    fi
    [ -d "$root" ] && remove_tree "$root"
    progress "debootstrap sid into $root"
    "${debootstrap_command[@]}" --variant=minbase --keyring="$keyring" sid "$root" "$mirror" \
        >"$cache/debootstrap.log" 2>&1 ||
        fail "debootstrap of Debian sid from $mirror failed (log: $cache/debootstrap.log)."
    # sid's Release file may be past its Valid-Until on a mirror snapshot; no service may start.
    cat >"$root/etc/apt/apt.conf.d/90weather-kiosk-cross" <<'EOF'
Acquire::Check-Valid-Until "false";
APT::Install-Recommends "false";
Acquire::Languages "none";
Acquire::Retries "3";
EOF
    # The chroot is a cache, rebuilt if a run dies half way: dpkg need not fsync each file.
    echo force-unsafe-io >"$root/etc/dpkg/dpkg.cfg.d/weather-kiosk-cross-unsafe-io"
    printf '#!/bin/sh\nexit 101\n' >"$root/usr/sbin/policy-rc.d"
    chmod +x "$root/usr/sbin/policy-rc.d"
    mount_system
    progress "installing Swift, build tools and qemu-user in the chroot"
    # shellcheck disable=SC2086  # the package list is meant to split into words
    in_chroot_plain sh -c "apt-get -q update && DEBIAN_FRONTEND=noninteractive \
        apt-get -q install -y $(echo $chroot_packages) && apt-get clean" \
        >"$cache/chroot-apt.log" 2>&1 ||
        fail "installing Swift in the sid chroot failed (log: $cache/chroot-apt.log)."
    # Of qemu-user (statically linked, about 470 MB installed) only the aarch64 emulator.
    in_chroot_plain sh -c 'cd /tmp && apt-get -q download qemu-user &&
        dpkg-deb --fsys-tarfile qemu-user_*.deb | tar -x -O ./usr/bin/qemu-aarch64 \
            >/usr/local/bin/qemu-aarch64-static &&
        chmod 755 /usr/local/bin/qemu-aarch64-static && rm qemu-user_*.deb &&
        qemu-aarch64-static --version' >>"$cache/chroot-apt.log" 2>&1 ||
        fail "getting qemu-aarch64 from sid's qemu-user failed (log: $cache/chroot-apt.log)."
    write_stamp chroot "$chroot_recipe"
    progress "$(chroot_swift_version)"
}

chroot_swift_version() { echo "swiftlang $(chroot_swift_package_version)"; }

# --- mounts ---------------------------------------------------------------------------

mount_one() {
    local target=$1
    shift
    mountpoint -q "$target" && return 0
    mkdir -p "$target"
    mount "$@" "$target"
}

# /proc, /dev, /sys and a fresh /tmp for the chroot; the host's DNS settings for its apt.
mount_system() {
    mount_one "$root/proc" -t proc proc
    mount_one "$root/sys" --rbind /sys
    mount_one "$root/dev" --rbind /dev
    mount_one "$root/tmp" -t tmpfs -o mode=1777,size=8g tmpfs
    cp -L /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true
}

# The project at its own path (tests read fixtures through #filePath), and the local
# package mirror that the host's git insteadOf rules point at, read-only at its own path.
mount_all() {
    mount_system
    mount_one "$root$project" --bind "$project"
    local key value base
    {
        echo "# Written by weather-kiosk's deploy/cross-build.sh from the host's git rules."
        insteadof_rules | while read -r key value; do
            base=${key#url.}
            printf '[url "%s"]\n\tinsteadOf = %s\n' "${base%.insteadof}" "$value"
        done
    } >"$root/etc/gitconfig"
    insteadof_rules | while read -r key value; do
        base=${key#url.}
        base=${base%.insteadof}
        base=${base#file://}
        case "$base" in /*) ;; *) continue ;; esac
        [ -d "$base" ] || continue
        mountpoint -q "$root$base" && continue
        mount_one "$root$base" --bind "$base"
        mount -o remount,bind,ro "$root$base"
        progress "package mirror $base (read-only, from the host's git insteadOf rules)"
    done
    progress "project $project"
}

# The host's url.BASE.insteadOf rules as "KEY VALUE" lines (system-wide, then root's own).
insteadof_rules() {
    git config --system --get-regexp '^url\..*\.insteadof$' 2>/dev/null || true
    git config --global --get-regexp '^url\..*\.insteadof$' 2>/dev/null || true
}

unmount_all() {
    [ -n "${root:-}" ] || return 0
    local target
    # grep finds nothing when nothing was mounted (--prepare): not a failure.
    findmnt -rn -o TARGET | { grep "^$root/" || true; } | sort -r | while read -r target; do
        umount "$target" 2>/dev/null || umount -l "$target" 2>/dev/null || true
    done
}

# --- running in the chroot ------------------------------------------------------------

in_chroot_plain() {
    chroot "$root" /usr/bin/env -i HOME=/root LANG=C.UTF-8 PATH="$chroot_path" \
        TERM="${TERM:-dumb}" CI="${CI:-}" "$@"
}

# Runs a command inside the chroot, in the project directory, with the suite's cross
# settings in the environment.
in_chroot() {
    local sysroot_pkgconfig=$sysroot/usr/lib/$multiarch/pkgconfig:$sysroot/usr/share/pkgconfig
    chroot "$root" /usr/bin/env -i HOME=/root LANG=C.UTF-8 PATH="$chroot_path" \
        TERM="${TERM:-dumb}" CI="${CI:-}" \
        CROSS_SUITE="$suite" CROSS_SYSROOT="$sysroot" CROSS_SDKS_PATH="$cross_dir/sdk" \
        CROSS_SWIFT_SDK="$sdk_id" QEMU_LD_PREFIX="$sysroot" \
        PKG_CONFIG_PATH="$sysroot_pkgconfig" PKG_CONFIG_LIBDIR="$sysroot_pkgconfig" \
        PKG_CONFIG_SYSROOT_DIR="$sysroot" \
        /bin/sh -c 'cd "$0" && exec "$@"' "$project" "$@"
}

# shellcheck source=deploy/cross/sdk.sh
. "$(dirname "${BASH_SOURCE[0]}")/sdk.sh"
