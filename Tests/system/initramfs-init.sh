#!/bin/busybox sh
# shellcheck shell=dash
# /init of the system VM's initramfs (see image.sh): load the virtio block and ext4 modules
# of the suite's own arm64 kernel, mount the disk image read-write and hand over to systemd.
# The order of the modules matters: each needs the ones before it (ext4 needs
# crc32c_generic, or mounting fails with ENOENT).

/bin/busybox --install -s /bin
export PATH=/bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev

give_up() {
    echo "initramfs: $1; powering off." >/dev/console
    poweroff -f
}

while read -r module; do
    [ -f "/modules/$module.ko" ] || continue
    insmod "/modules/$module.ko" || give_up "could not load the $module module"
done </modules/order

mkdir -p /newroot
attempt=0
until [ -b /dev/vda ]; do
    attempt=$((attempt + 1))
    [ "$attempt" -lt 40 ] || give_up "no /dev/vda after 20 s"
    sleep 0.5
done
mount -t ext4 -o rw /dev/vda /newroot || give_up "could not mount /dev/vda"
umount /proc /sys
mount --move /dev /newroot/dev
exec switch_root /newroot /sbin/init
