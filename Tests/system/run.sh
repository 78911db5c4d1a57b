#!/usr/bin/env bash
# The Pi in a box: the arm64 .deb installed by apt on arm64 Debian, started by systemd under
# the unit as packaged, on the suite's own arm64 kernel in QEMU (software emulation), and
# used over SSH; .ci/run runs it for bookworm and trixie.
#
#   Tests/system/run.sh [--prepare] SUITE     SUITE: bookworm | trixie
#
# The .deb is out/deb/weather-kiosk_*~SUITE_arm64.deb (deploy/cross-build.sh SUITE makes
# it; set WEATHER_KIOSK_DEB to use another); the guest installs it with apt from a signed
# repository made of it (Tests/system/repository.sh). Runs as root (debootstrap, chroot,
# binfmt).
# The root file system, kernel and initramfs are cached in
# WEATHER_KIOSK_SYSTEM_CACHE/SUITE (default /var/cache/weather-kiosk-system); --prepare
# only fills the cache. The VM's network is QEMU's user mode with restrict=on: the guest
# reaches only 10.0.2.100:80, which is a fake Open-Meteo run per connection on this
# machine (fake-open-meteo.py), and 10.0.2.101:80, the signed apt repository (served the
# same way by Tests/deploy/repository-server.py), and this machine reaches the guest's sshd through
# 127.0.0.1 only. Prints one line per check and "N passed, N failed"; exits 1 when a check
# failed, 2 on a usage error. WEATHER_KIOSK_SYSTEM_SMP sets the VM's CPUs (default 2).
set -euo pipefail

prepare_only=no
if [ "${1:-}" = --prepare ]; then
    prepare_only=yes
    shift
fi
suite=${1:-}
case "$suite" in
    bookworm | trixie) ;;
    *)
        echo "usage: $0 [--prepare] bookworm|trixie" >&2
        exit 2
        ;;
esac
if [ "$(id -u)" -ne 0 ]; then
    echo "system: run this as root (sudo $0 $suite): it makes a chroot and registers binfmt." >&2
    exit 2
fi

cd "$(dirname "$0")/../.."
project=$(pwd -P)
cache=${WEATHER_KIOSK_SYSTEM_CACHE:-/var/cache/weather-kiosk-system}/$suite
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
work=$project/.build-system/$suite
started=$(date +%s)
say() { printf 'system: %s (%ss)\n' "$*" "$(($(date +%s) - started))"; }
fail() {
    printf 'system: %s\n' "$*" >&2
    exit 1
}
# shellcheck source=Tests/system/image.sh
. "$project/Tests/system/image.sh"
# shellcheck source=Tests/system/chips.sh
. "$project/Tests/system/chips.sh" # chips: i2c-stub, vfb, gpio-sim for the suite's kernel

readonly HOST_PACKAGES="qemu-system-arm qemu-user-static debootstrap e2fsprogs cpio kmod
    openssh-client python3 debian-archive-keyring gcc-aarch64-linux-gnu libc6-dev-arm64-cross"
missing=""
for package in $HOST_PACKAGES; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" ||
        missing="$missing $package"
done
if [ -n "$missing" ]; then
    say "installing$missing"
    # shellcheck disable=SC2086  # the list is meant to split into words
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $missing \
        >/dev/null
fi

mkdir -p "$cache"
exec 9>"$cache/.lock"
flock 9
register_binfmt
make_root
make_initrd
(make_chips) || say "continuing without the chips: their checks fail" # chips
say "$suite root, kernel and initramfs ready in $cache"
[ "$prepare_only" = no ] || exit 0

# --- the package ----------------------------------------------------------------------
deb=${WEATHER_KIOSK_DEB:-}
if [ -z "$deb" ]; then
    deb=$(find out/deb -name "weather-kiosk_*~${suite}_arm64.deb" 2>/dev/null | sort -V | tail -1)
fi
if [ -z "$deb" ]; then
    say "no arm64 .deb for $suite in out/deb: building it (deploy/cross-build.sh $suite)"
    deploy/cross-build.sh "$suite" >"$cache/cross-build.log" 2>&1 ||
        fail "deploy/cross-build.sh $suite failed (log: $cache/cross-build.log)."
    deb=$(find out/deb -name "weather-kiosk_*~${suite}_arm64.deb" | sort -V | tail -1)
fi
[ -f "$deb" ] || fail "$deb is not a file."
deb=$(realpath "$deb")
deb_name=$(basename "$deb")

# --- the disk image: the cached root + this run's .deb, its Depends and an SSH key ------
rm -rf --one-file-system "$work"
mkdir -p "$work/upper" "$work/scratch" "$work/merged" "$cache/archives"
ssh-keygen -q -t ed25519 -N "" -C system-vm -f "$work/id"
# The buttons check's keyboard: the kernel tests' uinput tool, static for the arm64 guest
# (which has no compiler).
aarch64-linux-gnu-gcc -static -O2 -o "$work/uinput-keys" "$project/Tests/kernel/uinput-keys.c" ||
    fail "cross-compiling Tests/kernel/uinput-keys.c with aarch64-linux-gnu-gcc failed."
say "making the disk image for $deb_name"
unshare --mount --propagation private -- bash -c '
    set -e
    mount -t overlay overlay -o "lowerdir=$1/root,upperdir=$2/upper,workdir=$2/scratch" "$2/merged"
    root=$2/merged
    cp "$3" "$2/uinput-keys" "$root/root/"
    install -m 0600 "$2/id.pub" "$root/root/.ssh/authorized_keys"
    cp -n "$1"/archives/*.deb "$root/var/cache/apt/archives/" 2>/dev/null || true
    mount -t proc proc "$root/proc"
    # Only downloads (into the image'"'"'s apt cache): the VM installs offline from there.
    run_apt() {
        chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive \
            apt-get install -y -q --download-only "/root/$4" >>"$2/apt-download.log" 2>&1
    }
    if ! run_apt "$@"; then
        chroot "$root" apt-get update -q >>"$2/apt-download.log" 2>&1
        run_apt "$@"
    fi
    cp -n "$root"/var/cache/apt/archives/*.deb "$1/archives/" 2>/dev/null || true
    # The VM installs the package from the signed repository, not from this copy.
    rm "$root/root/$4"
    . "$5" && install_chips "$1" "$6" "$root" # chips
    umount "$root/proc"
    mkfs.ext4 -q -L kiosk-root -d "$root" "$2/root.img" 2G >/dev/null
' system "$cache" "$work" "$deb" "$deb_name" \
    "$project/Tests/system/chips.sh" "$project" ||
    fail "making the disk image failed (log: $work/apt-download.log)."

# shellcheck source=Tests/system/repository.sh
. "$project/Tests/system/repository.sh" # the signed apt repository it installs from

# --- booting --------------------------------------------------------------------------
# Two emulated CPUs (a Pi has four); WEATHER_KIOSK_SYSTEM_SMP=1 when two suites run side by
# side on a two-core machine, as .ci/run does.
smp=${WEATHER_KIOSK_SYSTEM_SMP:-2}
ssh_port=${WEATHER_KIOSK_SYSTEM_SSH_PORT:-$((20000 + RANDOM % 20000))}
fake_log=$work/open-meteo-requests.log
: >"$fake_log"
qemu_pid=""
stop_vm() {
    if [ -n "$qemu_pid" ] && kill -0 "$qemu_pid" 2>/dev/null; then
        kill "$qemu_pid" 2>/dev/null || true
        wait "$qemu_pid" 2>/dev/null || true
    fi
    qemu_pid=""
}
trap 'stop_vm; forget_repository_keys' EXIT

# boot_vm: starts QEMU in the background on $work/root.img; the console goes to a file.
boot_vm() {
    local network="user,id=n0,restrict=on,hostfwd=tcp:127.0.0.1:$ssh_port-:22"
    network="$network,guestfwd=tcp:10.0.2.100:80-cmd:/usr/bin/python3"
    network="$network $project/Tests/system/fake-open-meteo.py --stdio $fake_log"
    network="$network,$repository_forward"
    rm -f "$work/monitor.sock"
    qemu-system-aarch64 -nodefaults -M virt -cpu cortex-a72 -smp "$smp" -m 1024 \
        -display none -no-reboot \
        -kernel "$cache/vmlinuz" -initrd "$cache/initrd" \
        -append "console=ttyAMA0 panic=-1 quiet" \
        -drive "file=$work/root.img,if=none,format=raw,id=d0" -device virtio-blk-pci,drive=d0 \
        -device virtio-gpu-pci -netdev "$network" -device virtio-net-pci,netdev=n0,romfile= \
        -serial "file:$work/console-$1.log" \
        -monitor "unix:$work/monitor.sock,server,nowait" </dev/null >"$work/qemu-$1.log" 2>&1 &
    qemu_pid=$!
}

ssh_options=(-F /dev/null -i "$work/id" -p "$ssh_port" -o BatchMode=yes -o ConnectTimeout=20
    -o StrictHostKeyChecking=no -o "UserKnownHostsFile=$work/known_hosts" -o LogLevel=ERROR)
# guest COMMAND: runs a shell command in the VM as root.
guest() { ssh "${ssh_options[@]}" root@127.0.0.1 "$@"; }
# as_user USER COMMAND: the same as USER, in a real login session.
as_user() {
    local user=$1
    shift
    ssh "${ssh_options[@]}" "$user@127.0.0.1" "$@"
}
monitor() { /usr/bin/python3 "$project/Tests/system/qemu-tools.py" monitor "$work/monitor.sock" "$@"; }

# wait_for_ssh SECONDS: until the guest's sshd answers.
wait_for_ssh() {
    local deadline=$(($(date +%s) + $1))
    until guest true 2>/dev/null; do
        kill -0 "$qemu_pid" 2>/dev/null || return 1
        [ "$(date +%s)" -lt "$deadline" ] || return 1
        sleep 3
    done
}

say "booting $suite's arm64 kernel under QEMU (TCG); console in ${work#"$project"/}/console-1.log"
boot_vm 1
wait_for_ssh 600 || fail "the VM's sshd did not answer within 10 minutes (console: $work/console-1.log)."
say "sshd answers"

# --- installing as a user does --------------------------------------------------------
say "apt install weather-kiosk from the signed repository at $REPOSITORY_URL (its Depends from the image's apt cache)"
add_repository || fail "could not add the repository's key and $sources_file in the VM."
update_verified "$work/apt-update.log" >/dev/null ||
    { sed 's/^/    /' "$work/apt-update.log"; fail "apt-get update from $REPOSITORY_URL in the VM failed or warned."; }
guest apt-cache policy weather-kiosk >"$work/apt-policy.log" 2>&1
printf '    # %s\n' "$repository_update"
sed 's/^/    /' "$work/apt-update.log"
printf '    # apt-cache policy weather-kiosk\n'
sed 's/^/    /' "$work/apt-policy.log"
if ! guest 'apt-get install -y -q weather-kiosk </dev/null' >"$work/apt-install.log" 2>&1; then
    tail -20 "$work/apt-install.log"
    fail "apt install weather-kiosk in the VM failed (log: $work/apt-install.log)."
fi
say "installed"
# shellcheck source=Tests/system/checks.sh
. "$project/Tests/system/checks.sh"
# shellcheck source=Tests/system/checks-chips.sh
. "$project/Tests/system/checks-chips.sh" # chips
# shellcheck source=Tests/system/checks-life.sh
. "$project/Tests/system/checks-life.sh"

guest 'systemctl poweroff' >/dev/null 2>&1 || true
wait "$qemu_pid" 2>/dev/null || true
qemu_pid=""
say "done"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
