#!/usr/bin/env bash
# Kernel tests: the release binary against the real Linux kernel in a QEMU VM, where
# i2c-stub plays the BME280, vfb is the framebuffer, uinput makes the buttons of the evdev
# backend and gpio-sim (built here, see gpio-sim-module.sh) a Pi 4's GPIO chip for gpiod; a
# virtio-gpu is the DRM/KMS screen, and a second, shorter boot with QEMU's standard VGA
# checks DRM on bochs-drm. QEMU's monitor takes screendumps for the DRM checks
# (qemu-screendumps.py).
#
#   Tests/kernel/run.sh [BINARY [GPIOD2_BINARY]]
#       BINARY: a release build of weather-kiosk (default: build one into .build-kernel);
#       GPIOD2_BINARY: one built against libgpiod 2.x, which runs the GPIO checks a second
#       time (default: build one with Tests/gpiod/v2-build.sh --kiosk)
#
# The VM boots Debian's kernel with a tiny initramfs made here (busybox and the virtio/9p
# modules) that mounts this machine's root read-only over 9p and switch_roots into
# Tests/kernel/vm-checks.sh; results come back through a second, writable 9p share.
# Prints one line per check and "N passed, N failed"; exits 1 when a check failed or the
# VM did not finish, 2 on a usage error. The VM is stopped after 30 minutes at most.
# KIOSK_VM_ONLY=drm runs only the DRM checks (and what they need), KIOSK_VM_ONLY=i2c only the
# I2C, sensor and EEPROM checks (one boot), for working on them.
set -euo pipefail

readonly VM_TIME_LIMIT_SECONDS=1800
readonly PACKAGES="qemu-system-x86 linux-image-amd64 busybox-static i2c-tools fbset kmod cpio
    gcc libc6-dev python3"
readonly INITRAMFS_MODULES="virtio_ring virtio virtio_pci_modern_dev virtio_pci_legacy_dev
    virtio_pci netfs fscache 9pnet 9pnet_virtio 9p"

binary="${1:-}"
gpiod2_binary="${2:-}"
if [ $# -gt 2 ] || [ "${binary#-}" != "$binary" ] || [ "${gpiod2_binary#-}" != "$gpiod2_binary" ]; then
    echo "usage: $0 [BINARY [GPIOD2_BINARY]]" >&2
    exit 2
fi
[ -z "$binary" ] || binary=$(realpath -m "$binary")
[ -z "$gpiod2_binary" ] || gpiod2_binary=$(realpath -m "$gpiod2_binary")

cd "$(dirname "$0")/../.."
repo=$(pwd -P)
work_relative=.build-kernel/vm
work=$repo/$work_relative
started=$(date +%s)
say() { printf 'kernel: %s\n' "$*"; }

# --- packages (idempotent) ----------------------------------------------------------
missing=""
for package in $PACKAGES; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
        missing="$missing $package"
    fi
done
if [ -n "$missing" ]; then
    say "installing$missing"
    sudo_prefix=""
    [ "$(id -u)" -eq 0 ] || sudo_prefix="sudo --"
    export DEBIAN_FRONTEND=noninteractive
    $sudo_prefix apt-get update -q
    # shellcheck disable=SC2086  # the list is meant to split into words
    $sudo_prefix apt-get install -y -q --no-install-recommends $missing
fi

# The newest installed Debian kernel that has its modules next to it.
kernel_version=""
for image in $(printf '%s\n' /boot/vmlinuz-* | sort -V); do
    candidate=${image#/boot/vmlinuz-}
    [ -f "$image" ] && [ -f "/lib/modules/$candidate/modules.dep" ] && kernel_version=$candidate
done
if [ -z "$kernel_version" ]; then
    echo "kernel: no /boot/vmlinuz-VERSION with /lib/modules/VERSION/modules.dep; install linux-image-amd64." >&2
    exit 1
fi
kernel=/boot/vmlinuz-$kernel_version
if [ ! -r "$kernel" ]; then
    echo "kernel: cannot read $kernel; run as root or make it readable." >&2
    exit 1
fi

# --- the release binary -------------------------------------------------------------
if [ -z "$binary" ]; then
    say "building the release binary"
    swift build -c release --static-swift-stdlib --scratch-path "$repo/.build-kernel" \
        --product weather-kiosk
    binary=$repo/.build-kernel/release/weather-kiosk
fi
if [ ! -x "$binary" ]; then
    echo "kernel: $binary is not an executable weather-kiosk." >&2
    exit 2
fi
version=$("$binary" --version)
only=${KIOSK_VM_ONLY:-}
if [ -z "$gpiod2_binary" ] && [ -n "$only" ]; then
    gpiod2_binary=$binary
fi
if [ -z "$gpiod2_binary" ]; then
    say "building the release binary against libgpiod 2.x"
    gpiod2_binary=$("$repo/Tests/gpiod/v2-build.sh" --kiosk | tail -n 1)
fi
if [ ! -x "$gpiod2_binary" ]; then
    echo "kernel: $gpiod2_binary is not an executable weather-kiosk." >&2
    exit 2
fi

# --- test helpers -------------------------------------------------------------------
rm -rf "$work"
mkdir -p "$work/initramfs/bin" "$work/initramfs/modules" "$work/share"
cc -std=c11 -D_DEFAULT_SOURCE -O2 -Wall -Wextra -Werror -o "$work/uinput-keys" \
    "$repo/Tests/kernel/uinput-keys.c"

# --- gpio-sim for the booted kernel (cached; a failure fails the VM's gpio-sim checks) --
gpio_sim_module=""
gpio_sim_problem=""
if [ -n "$only" ]; then
    gpio_sim_problem="not built: KIOSK_VM_ONLY=$only"
elif gpio_sim_output=$("$repo/Tests/kernel/gpio-sim-module.sh" "$kernel_version" 2>"$work/gpio-sim.log"); then
    gpio_sim_module=$gpio_sim_output
    say "gpio-sim module: $gpio_sim_module"
else
    gpio_sim_problem=$(grep '^gpio-sim: ' "$work/gpio-sim.log" | tail -n 1)
    gpio_sim_problem=${gpio_sim_problem:-gpio-sim-module.sh failed; see $work_relative/gpio-sim.log}
    gpio_sim_problem=${gpio_sim_problem//\'/}  # it goes into vm.env in single quotes
    say "$gpio_sim_problem"
fi

# --- initramfs ----------------------------------------------------------------------
for directory in dev proc sys; do mkdir -p "$work/initramfs/$directory"; done
cp /bin/busybox "$work/initramfs/bin/busybox"
cp "$repo/Tests/kernel/initramfs-init.sh" "$work/initramfs/init"
chmod 0755 "$work/initramfs/init"
for module in $INITRAMFS_MODULES; do
    path=$(modinfo -k "$kernel_version" -n "$module")
    case "$path" in
    *.ko) cp "$path" "$work/initramfs/modules/$module.ko" ;;
    *.ko.xz) xz -dc "$path" >"$work/initramfs/modules/$module.ko" ;;
    *.ko.zst) zstd -qdc "$path" >"$work/initramfs/modules/$module.ko" ;;
    *)
        echo "kernel: module $module of $kernel_version not found (modinfo said: $path)." >&2
        exit 1
        ;;
    esac
done
# The same settings reach the initramfs and the test script.
cat >"$work/share/vm.env" <<EOF
KIOSK_REPO='$repo'
KIOSK_VM_CHECKS='$repo/Tests/kernel/vm-checks.sh'
KIOSK_BINARY='$binary'
KIOSK_VERSION='$version'
KIOSK_UINPUT_KEYS='$work/uinput-keys'
KIOSK_GPIOD2_BINARY='$gpiod2_binary'
KIOSK_GPIO_SIM_MODULE='$gpio_sim_module'
KIOSK_GPIO_SIM_PROBLEM='$gpio_sim_problem'
KIOSK_SHARE=/run/share
KIOSK_VM_ONLY='$only'
EOF
cp "$work/share/vm.env" "$work/initramfs/vm.env"
(cd "$work/initramfs" && find . | cpio -o -H newc --quiet) >"$work/initramfs.cpio"

# --- boot ---------------------------------------------------------------------------
accelerator=tcg
if [ -w /dev/kvm ] && [ "${KIOSK_VM_ACCEL:-auto}" != tcg ] && grep -qE 'vmx|svm' /proc/cpuinfo; then
    accelerator=kvm
fi
# boot NAME SCREEN...: one VM with the screen devices given, its console in NAME.log, and
# the monitor helper serving its screendumps; sets vm_status.
boot() {
    local name=$1 helper
    shift
    rm -f "$work/monitor.sock"
    timeout --kill-after=10 "$VM_TIME_LIMIT_SECONDS" \
        qemu-system-x86_64 -nodefaults -machine q35 -accel "$accelerator" -cpu max -smp 2 \
        -m 1024 -display none "$@" -no-reboot \
        -monitor "unix:$work/monitor.sock,server=on,wait=off" -serial "file:$work/$name.log" \
        -kernel "$kernel" -initrd "$work/initramfs.cpio" \
        -append "console=ttyS0 panic=1 loglevel=4" \
        -virtfs "local,path=/,mount_tag=hostroot,security_model=none,readonly=on,multidevs=remap" \
        -virtfs "local,path=$work/share,mount_tag=results,security_model=none" \
        </dev/null &
    local vm=$!
    python3 "$repo/Tests/kernel/qemu-screendumps.py" "$work/monitor.sock" "$work/share" \
        2>>"$work/screendumps.log" &
    helper=$!
    vm_status=0
    wait "$vm" || vm_status=$?
    wait "$helper" || true
}
say "booting $kernel ($accelerator) for $version with a virtio-gpu; the console goes to $work_relative/console.log"
boot_started=$(date +%s)
unfinished=""
boot console -vga none -device virtio-gpu-pci
[ -f "$work/share/finished" ] || unfinished="console:$vm_status"
# The second boot: QEMU's standard VGA, driven by bochs-drm; its results are added.
if [ "$only" != i2c ]; then
    rm -f "$work/share/finished"
    echo "KIOSK_VM_SUITE=bochs" >>"$work/share/vm.env"
    say "booting again with -vga std (bochs-drm); the console goes to $work_relative/console-bochs.log"
    boot console-bochs -vga std
    [ -f "$work/share/finished" ] || unfinished="$unfinished console-bochs:$vm_status"
fi
vm_seconds=$(($(date +%s) - boot_started))

# --- report -------------------------------------------------------------------------
passed=0
failed=0
if [ -f "$work/share/results.txt" ]; then
    while IFS= read -r line; do
        printf '%s\n' "$line"
        case "$line" in
        PASS*) passed=$((passed + 1)) ;;
        *) failed=$((failed + 1)) ;;
        esac
    done <"$work/share/results.txt"
fi
for boot_and_status in $unfinished; do
    log=${boot_and_status%%:*}
    vm_status=${boot_and_status#*:}
    if [ "$vm_status" -eq 124 ] || [ "$vm_status" -eq 137 ]; then
        echo "FAIL vm ($log): stopped after the ${VM_TIME_LIMIT_SECONDS}s limit before the checks finished"
    else
        echo "FAIL vm ($log): the VM stopped (qemu status $vm_status) before the checks finished"
    fi
    failed=$((failed + 1))
    echo "--- last lines of $work_relative/$log.log:"
    tail -n 25 "$work/$log.log" 2>/dev/null || true
    echo "---"
done
booted=$(sed -n 's/^booted //p' "$work/share/uptime.txt" 2>/dev/null || true)
say "VMs ran ${vm_seconds}s (${accelerator}; kernel up to checks ${booted:-?}s); whole run $(($(date +%s) - started))s"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
