# shellcheck shell=bash
# Builds and caches the system VM's parts for one Debian suite (sourced by run.sh):
#   $cache/root       arm64 Debian root (debootstrap minbase + systemd, udev, dbus, sshd,
#                     iproute2, kmod), systemd-networkd DHCP on en*, the kernel's modules
#   $cache/vmlinuz    the suite's own arm64 kernel (Debian's linux-image-*-arm64)
#   $cache/initrd     busybox (arm64, static) + the virtio block and ext4 modules
#   $cache/archives   .debs apt fetched for the package's Depends (kept between runs)
# Each part is kept only once it is complete (a stamp file says which recipe made it).

readonly ROOT_RECIPE="1 minbase systemd-sysv udev dbus openssh-server iproute2 kmod"
readonly ROOT_PACKAGES="systemd-sysv,udev,dbus,openssh-server,iproute2,kmod"

stamp_is() { [ "$(cat "$cache/stamps/$1" 2>/dev/null)" = "$2" ]; }
write_stamp() {
    mkdir -p "$cache/stamps"
    printf '%s\n' "$2" >"$cache/stamps/$1"
}

# Lets this x86 machine run the root's arm64 programs (debootstrap's second stage, apt in
# the chroot): qemu-user-static's binfmt entry, with the F flag so it works in a chroot.
register_binfmt() {
    if [ ! -e /proc/sys/fs/binfmt_misc/register ]; then
        mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc
    fi
    if [ ! -e /proc/sys/fs/binfmt_misc/qemu-aarch64 ]; then
        cat /usr/lib/binfmt.d/qemu-aarch64.conf >/proc/sys/fs/binfmt_misc/register
    fi
}

# in_root DIRECTORY COMMAND...: runs an arm64 command in the root, with /proc mounted in a
# private mount namespace (gone with the command, however it ends).
in_root() {
    local directory=$1
    shift
    unshare --mount --propagation private -- sh -c \
        'mount -t proc proc "$0/proc" && exec chroot "$0" "$@"' "$directory" \
        env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive LANG=C.UTF-8 "$@"
}

# kernel_tree: where the kernel package's lib/modules is (trixie's package ships it under
# usr/, bookworm's at the top), for depmod -b and modprobe -d.
kernel_tree() {
    if [ -d "$cache/kernel/usr/lib/modules" ]; then echo "$cache/kernel/usr"; else echo "$cache/kernel"; fi
}
kernel_version() { basename "$(ls -d "$(kernel_tree)"/lib/modules/*)"; }

make_root() {
    if stamp_is root "$ROOT_RECIPE $suite" && [ -d "$cache/root" ]; then return 0; fi
    local partial=$cache/root.partial
    rm -rf --one-file-system "$cache/root"
    # debootstrap's result is kept on its own, so that a later step that failed does not
    # cost its minutes again.
    if ! stamp_is debootstrap "$ROOT_RECIPE $suite" || [ ! -d "$partial" ]; then
        rm -rf --one-file-system "$partial"
        say "debootstrap $suite arm64 (minbase + systemd, sshd; about 3 min the first time)"
        debootstrap --arch=arm64 --variant=minbase --include="$ROOT_PACKAGES" \
            "$suite" "$partial" "$mirror" >"$cache/debootstrap.log" 2>&1 ||
            fail "debootstrap of $suite arm64 failed (log: $cache/debootstrap.log)."
        in_root "$partial" apt-get update -q >>"$cache/debootstrap.log" 2>&1 ||
            fail "apt-get update in the $suite root failed (log: $cache/debootstrap.log)."
        write_stamp debootstrap "$ROOT_RECIPE $suite"
    fi

    echo kiosk-vm >"$partial/etc/hostname"
    printf '127.0.0.1 localhost\n127.0.1.1 kiosk-vm\n' >"$partial/etc/hosts"
    echo '/dev/vda / ext4 rw,errors=remount-ro 0 1' >"$partial/etc/fstab"
    mkdir -p "$partial/etc/systemd/network" "$partial/root/.ssh"
    chmod 0700 "$partial/root/.ssh"
    printf '[Match]\nName=en*\n\n[Network]\nDHCP=ipv4\n' \
        >"$partial/etc/systemd/network/50-dhcp.network"
    # trixie ships networkd in its own package (bookworm has it in systemd).
    if in_root "$partial" apt-cache show systemd-networkd >/dev/null 2>&1; then
        in_root "$partial" apt-get install -y -q systemd-networkd >>"$cache/debootstrap.log" 2>&1 ||
            fail "installing systemd-networkd in the $suite root failed (log: $cache/debootstrap.log)."
    fi
    in_root "$partial" systemctl enable systemd-networkd >>"$cache/debootstrap.log" 2>&1 ||
        fail "enabling systemd-networkd in the $suite root failed (log: $cache/debootstrap.log)."

    # The suite's own kernel and a static busybox, fetched by the root's apt.
    local kernel_package
    kernel_package=$(in_root "$partial" apt-cache depends linux-image-arm64 |
        awk '/Depends: linux-image-[0-9]/ { print $2; exit }')
    [ -n "$kernel_package" ] || fail "no linux-image-*-arm64 behind linux-image-arm64 in $suite."
    in_root "$partial" sh -c "cd /var/tmp && apt-get -q download $kernel_package busybox-static" \
        >>"$cache/debootstrap.log" 2>&1 ||
        fail "downloading $kernel_package failed (log: $cache/debootstrap.log)."
    rm -rf "$cache/kernel" "$cache/busybox"
    dpkg-deb -x "$partial"/var/tmp/linux-image-*.deb "$cache/kernel"
    dpkg-deb -x "$partial"/var/tmp/busybox-static_*.deb "$cache/busybox"
    rm -f "$partial"/var/tmp/*.deb
    local version
    version=$(kernel_version)
    depmod -b "$(kernel_tree)" "$version"
    mkdir -p "$partial/lib/modules"
    cp -a "$(kernel_tree)/lib/modules/$version" "$partial/lib/modules/"
    in_root "$partial" apt-get clean
    mv "$partial" "$cache/root"
    write_stamp root "$ROOT_RECIPE $suite"
}

make_initrd() {
    local version tree_of_kernel
    version=$(kernel_version)
    tree_of_kernel=$(kernel_tree)
    if stamp_is initrd "$version" && [ -f "$cache/initrd" ]; then return 0; fi
    local tree=$cache/initrd.tree path module
    rm -rf "$tree"
    mkdir -p "$tree/bin" "$tree/modules" "$tree/dev" "$tree/proc" "$tree/sys"
    # bookworm's busybox-static has it in /bin, trixie's in /usr/bin.
    cp "$(find "$cache/busybox" -path '*bin/busybox' -type f | head -1)" "$tree/bin/busybox"
    cp "$project/Tests/system/initramfs-init.sh" "$tree/init"
    chmod 0755 "$tree/init"
    # crc32c_generic first (ext4 asks for crc32c by name, not through a module link).
    : >"$tree/modules/order"
    for path in $( (modprobe -d "$tree_of_kernel" -S "$version" --show-depends crc32c_generic
        modprobe -d "$tree_of_kernel" -S "$version" --show-depends virtio_pci
        modprobe -d "$tree_of_kernel" -S "$version" --show-depends virtio_blk
        modprobe -d "$tree_of_kernel" -S "$version" --show-depends ext4) |
        awk '$1 == "insmod" { print $2 }'); do
        module=$(basename "$path")
        module=${module%%.ko*}
        grep -qx "$module" "$tree/modules/order" && continue
        case "$path" in
            *.ko) cp "$path" "$tree/modules/$module.ko" ;;
            *.ko.xz) xz -dc "$path" >"$tree/modules/$module.ko" ;;
            *.ko.zst) zstd -qdc "$path" >"$tree/modules/$module.ko" ;;
        esac
        echo "$module" >>"$tree/modules/order"
    done
    cp "$cache/kernel/boot/vmlinuz-$version" "$cache/vmlinuz"
    (cd "$tree" && find . | cpio -o -H newc --quiet) | gzip -1 >"$cache/initrd"
    write_stamp initrd "$version"
}
