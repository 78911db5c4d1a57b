#!/bin/busybox sh
# shellcheck shell=dash
# /init of the test initramfs (see run.sh): load the virtio and 9p modules, mount this
# machine's root file system read-only over 9p, put the writable bits on top (tmpfs on
# /run, the results share on /run/share) and switch_root into the test script.
# Anything that goes wrong here powers the VM off; run.sh then reports "did not finish".

/bin/busybox --install -s /bin
export PATH=/bin

mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev

# shellcheck source=/dev/null  # written by run.sh
. /vm.env

give_up() {
    echo "initramfs: $1; powering off." >/dev/console
    sync
    poweroff -f
}

# The order matters: each module needs the ones before it.
for module in virtio_ring virtio virtio_pci_modern_dev virtio_pci_legacy_dev virtio_pci \
    netfs fscache 9pnet 9pnet_virtio 9p; do
    insmod "/modules/$module.ko" || give_up "could not load the $module module"
done

# The virtio devices probe when virtio_pci loads; give them a moment on a slow host.
mount_9p() { # TAG DIRECTORY OPTIONS
    attempt=0
    until mount -t 9p -o "trans=virtio,version=9p2000.L,msize=524288,$3" "$1" "$2"; do
        attempt=$((attempt + 1))
        [ "$attempt" -lt 20 ] || return 1
        sleep 0.5
    done
}

mkdir -p /newroot
mount_9p hostroot /newroot ro,cache=loose || give_up "could not mount the host root (9p tag hostroot)"
mount -t proc proc /newroot/proc
mount -t sysfs sysfs /newroot/sys
mount -t devtmpfs devtmpfs /newroot/dev
mount -t tmpfs -o mode=0755 tmpfs /newroot/run
mkdir -p /newroot/run/share
mount_9p results /newroot/run/share cache=none || give_up "could not mount the results share (9p tag results)"

echo "initramfs: host root mounted; starting $KIOSK_VM_CHECKS" >/dev/console
exec switch_root /newroot /bin/bash "$KIOSK_VM_CHECKS"
