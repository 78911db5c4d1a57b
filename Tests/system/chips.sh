# shellcheck shell=bash
# The system VM's chips (sourced by run.sh): Debian's arm64 kernels ship no i2c-stub, vfb or
# gpio-sim, so they are built here from Debian's kernel source against the suite's own
# arm64 headers with gcc-aarch64-linux-gnu, and cached with a stamp like image.sh's parts:
#   $cache/chips/modules/   i2c-stub.ko, vfb.ko, gpio-sim-ext.ko (gpio-sim + irq_sim, with
#                           Tests/kernel/gpio-sim's patch) for the kernel in $cache/kernel
#   $cache/chips/debs/      i2c-tools (arm64) and its Depends (libi2c0, perl): the guest's way
#                           to write the sensor's registers
# install_chips (at disk-image time) puts them into the image with a oneshot unit that loads
# them at boot, before the kiosk: i2c-stub with a BME280 at 0x76 holding the register image
# of Tests/kernel/bme280-image.sh (vector V2b), vfb at 640x480 and 32 bits per pixel, and a
# gpio-sim chip labelled pinctrl-bcm2711 with lines GPIO17, GPIO27 and GPIO22, as on a Pi 4.
#
# Why i2c-tools and not a small C helper: the guest has no compiler, i2c-tools is what a Pi
# owner would use to look at the bus, and with it the guest runs the same bme280-image.sh
# (load and read back every byte) as the amd64 kernel VM. It comes from the suite's archive.

readonly CHIPS_RECIPE="1 i2c-stub vfb gpio-sim-ext i2c-tools"
# This machine's part of the cross build (run.sh installs its own list the same way).
readonly CHIPS_HOST_PACKAGES="gcc-aarch64-linux-gnu make"
# What unpacking and patching the sources needs here in either case.
readonly CHIPS_HOST_TOOLS="patch xz-utils"

# chips_host_packages KBUILD: installs what the cross build needs on this machine, with the
# kbuild programs the kernel's headers name (linux-kbuild-6.1 for bookworm's kernel);
# returns 1 when this machine's Debian has no such package (trixie's kernel on a bookworm
# host: its kbuild is linux-kbuild-6.12.N+deb13, and Debian built it with trixie's gcc).
chips_host_packages() {
    local wanted="$CHIPS_HOST_PACKAGES $1"
    [ -d "/usr/lib/$1" ] || apt-cache show "$1" 2>/dev/null | grep -qx "Package: $1" || {
        wanted=$CHIPS_HOST_TOOLS
        chips_install_here
        return 1
    }
    wanted="$wanted $CHIPS_HOST_TOOLS"
    chips_install_here
}

# chips_install_here: installs the packages of $wanted that are missing on this machine.
chips_install_here() {
    local package missing=""
    for package in $wanted; do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" ||
            missing="$missing $package"
    done
    [ -n "$missing" ] || return 0
    say "installing$missing"
    # shellcheck disable=SC2086  # the list is meant to split into words
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $missing \
        >>"$cache/chips.log" 2>&1 ||
        fail "apt-get install$missing failed (log: $cache/chips.log); the chips for the $suite VM need them."
}

# chips_builder KBUILD: an amd64 root of the suite itself with its cross compiler and KBUILD
# (debootstrap minbase, about 30 s and 450 MB, cached in $cache/chips-builder): the modules
# are then built with the compiler and kbuild programs Debian built the suite's kernel with.
chips_builder() {
    local builder=$cache/chips-builder recipe="1 $suite $1"
    if stamp_is chips-builder "$recipe" && [ -d "$builder" ]; then return 0; fi
    rm -rf --one-file-system "$builder" "$builder.partial"
    say "debootstrap $suite amd64 with gcc-aarch64-linux-gnu and $1 (the chips' compiler)"
    debootstrap --variant=minbase --include="gcc-aarch64-linux-gnu,make,patch,xz-utils,$1" \
        "$suite" "$builder.partial" "$mirror" >>"$cache/chips.log" 2>&1 ||
        fail "debootstrap of $suite amd64 with $1 failed (log: $cache/chips.log)."
    mv "$builder.partial" "$builder"
    write_stamp chips-builder "$recipe"
}

# chips_make DIRECTORY MAKE-ARGUMENTS...: make, here or in the builder root; there
# DIRECTORY is bind-mounted at its own path, so that every absolute path stays right.
chips_make() {
    local directory=$1
    shift
    if [ "$chips_where" = host ]; then
        make "$@"
        return
    fi
    local builder=$cache/chips-builder
    mkdir -p "$builder$directory"
    unshare --mount --propagation private -- sh -c '
        mount --bind "$1" "$2$1" && mount -t proc proc "$2/proc" && shift 2 &&
        exec chroot "$0" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 make "$@"' \
        "$builder" "$directory" "$builder" "$@"
}

# chips_kernel_version: the version of the kernel the VM boots (image.sh's $cache/kernel).
# (trixie's kernel package has its modules under usr/lib, bookworm's under lib).
chips_kernel_version() { chips_version_in "$cache"; }
chips_version_in() {
    local modules=$1/kernel/lib/modules
    [ -d "$1/kernel/usr/lib/modules" ] && modules=$1/kernel/usr/lib/modules
    basename "$(ls -d "$modules"/*)"
}

# chips_download DIRECTORY PACKAGE...: the suite's arm64 .debs of these packages, fetched by
# the cached root's apt (the host's apt knows neither arm64 nor the suite), into DIRECTORY.
chips_download() {
    local directory=$1
    shift
    local command="cd /var/tmp && rm -f ./*.deb && apt-get -q download $*"
    if ! in_root "$cache/root" sh -c "$command" >>"$cache/chips.log" 2>&1; then
        in_root "$cache/root" apt-get update -q >>"$cache/chips.log" 2>&1
        in_root "$cache/root" sh -c "$command" >>"$cache/chips.log" 2>&1 ||
            fail "downloading $* from $suite's archive failed (log: $cache/chips.log)."
    fi
    mkdir -p "$directory"
    mv "$cache"/root/var/tmp/*.deb "$directory/"
}

make_chips() {
    local version key
    version=$(chips_kernel_version)
    key="$CHIPS_RECIPE $version $(cat "$project/Tests/system/chips.sh" \
        "$project/Tests/kernel/gpio-sim/irq_sim-exported-symbols.patch" | sha256sum | cut -c1-16)"
    if stamp_is chips "$key" && [ -d "$cache/chips" ]; then return 0; fi
    local partial=$cache/chips.partial series=${version%%-*}
    series=${series%.*} # 6.1.0 -> 6.1
    rm -rf --one-file-system "$partial" "$cache/chips"
    mkdir -p "$partial/modules" "$partial/debs" "$partial/headers" "$partial/build"
    : >"$cache/chips.log"
    say "building i2c-stub, vfb and gpio-sim for $version (arm64, cross-compiled)"

    # The kernel's headers: the arm64 package and its -common part, unpacked (installing
    # them would conflict with this machine's own kbuild), with the scripts of the host's
    # linux-kbuild-SERIES (x86 programs, which is what a cross build runs).
    local abi=${version%-arm64}
    chips_download "$partial/download" "linux-headers-$version" "linux-headers-$abi-common"
    dpkg-deb -x "$partial"/download/linux-headers-"$version"_*.deb "$partial/headers"
    dpkg-deb -x "$partial"/download/linux-headers-"$abi"-common_*.deb "$partial/headers"
    # i2c-tools with what it depends on (libi2c0, perl), installed offline at image time.
    in_root "$cache/root" apt-get install -y -q --download-only i2c-tools \
        >>"$cache/chips.log" 2>&1 ||
        fail "downloading i2c-tools from $suite's archive failed (log: $cache/chips.log)."
    mv "$cache"/root/var/cache/apt/archives/*.deb "$partial/debs/"
    in_root "$cache/root" apt-get clean
    local headers=$partial/headers/usr/src/linux-headers-$version
    # The kbuild programs the headers were made for, by the name their scripts link gives.
    local kbuild_package
    kbuild_package=$(readlink "$headers/scripts" | sed -n 's|.*/\(linux-kbuild-[^/]*\)/scripts$|\1|p')
    [ -n "$kbuild_package" ] || fail "cannot tell the kbuild package from $headers/scripts."
    chips_where=host
    if ! chips_host_packages "$kbuild_package"; then
        chips_where=builder
        chips_builder "$kbuild_package"
    fi
    local kbuild=/usr/lib/$kbuild_package
    [ "$chips_where" = builder ] || [ -d "$kbuild/scripts" ] ||
        fail "$kbuild is missing: the cross build of the chips for $version needs $kbuild_package (apt-get install $kbuild_package)."
    mkdir -p "$partial/headers/usr/lib"
    ln -sfn "$kbuild" "$partial/headers/usr/lib/$kbuild_package"
    # The headers' links and Makefile name /usr/src and /usr/lib: point them into $partial.
    ln -sfn "$kbuild/scripts" "$headers/scripts"
    [ ! -L "$headers/tools" ] || ln -sfn "$kbuild/tools" "$headers/tools"
    sed -i "s|/usr/src/|$partial/headers/usr/src/|g" "$headers/Makefile"

    # The sources: Debian's linux-source-SERIES (this machine's, or the suite's).
    local tarball=/usr/src/linux-source-$series.tar.xz
    if [ ! -r "$tarball" ]; then
        chips_download "$partial/download" "linux-source-$series"
        dpkg-deb -x "$partial"/download/linux-source-"$series"_*.deb "$partial/source"
        tarball=$partial/source/usr/src/linux-source-$series.tar.xz
    fi
    tar -xJf "$tarball" -C "$partial/build" --strip-components=1 \
        "linux-source-$series/drivers/i2c/i2c-stub.c" \
        "linux-source-$series/drivers/video/fbdev/vfb.c" \
        "linux-source-$series/drivers/gpio/gpio-sim.c" \
        "linux-source-$series/drivers/gpio/gpiolib.h" \
        "linux-source-$series/kernel/irq/irq_sim.c" ||
        fail "$tarball lacks i2c-stub.c, vfb.c, gpio-sim.c, gpiolib.h or irq_sim.c."
    patch --quiet --directory="$partial/build" -p1 \
        <"$project/Tests/kernel/gpio-sim/irq_sim-exported-symbols.patch" ||
        fail "Tests/kernel/gpio-sim/irq_sim-exported-symbols.patch does not apply to linux-source-$series; update the patch."
    local module=$partial/build/module
    mkdir -p "$module"
    mv "$partial"/build/drivers/i2c/i2c-stub.c "$partial"/build/drivers/video/fbdev/vfb.c \
        "$partial"/build/drivers/gpio/gpio-sim.c "$partial"/build/drivers/gpio/gpiolib.h \
        "$partial"/build/kernel/irq/irq_sim.c "$module/"
    printf '%s\n' 'obj-m := i2c-stub.o vfb.o gpio-sim-ext.o' \
        'gpio-sim-ext-objs := gpio-sim.o irq_sim.o' >"$module/Kbuild"
    chips_make "$partial" -C "$headers" M="$module" ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu- \
        modules >>"$cache/chips.log" 2>&1 ||
        fail "cross-building i2c-stub, vfb and gpio-sim for $version failed (log: $cache/chips.log)."
    cp "$module/i2c-stub.ko" "$module/vfb.ko" "$module/gpio-sim-ext.ko" "$partial/modules/"
    rm -rf --one-file-system "$partial/download" "$partial/headers" "$partial/build" \
        "$partial/source"
    mv "$partial" "$cache/chips"
    write_stamp chips "$key"
}

# install_chips CACHE PROJECT ROOT: into the image's ROOT (run.sh's overlay, with /proc
# mounted): the modules under updates/, i2c-tools, the boot script and its unit. Without
# built chips (make_chips failed and said why) nothing; checks-chips.sh then fails once.
install_chips() {
    local chips=$1/chips project=$2 root=$3 version
    [ -d "$chips/modules" ] || return 0
    version=$(chips_version_in "$1")
    install -d "$root/lib/modules/$version/updates/weather-kiosk-test"
    install -m 0644 "$chips"/modules/*.ko "$root/lib/modules/$version/updates/weather-kiosk-test/"
    depmod -b "$root" "$version"
    cp "$chips"/debs/*.deb "$root/var/cache/apt/archives/"
    chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive \
        apt-get install -y -q --no-download i2c-tools >>"$1/chips.log" 2>&1 || {
        echo "apt-get install i2c-tools in the image failed (log: $1/chips.log)." >&2
        return 1
    }
    install -d "$root/usr/local/lib/weather-kiosk-test"
    install -m 0644 "$project/Tests/kernel/bme280-image.sh" "$root/usr/local/lib/weather-kiosk-test/"
    install -m 0644 "$project/Tests/kernel/register-image.sh" "$root/usr/local/lib/weather-kiosk-test/"
    install -m 0755 "$project/Tests/system/chips-guest.sh" "$root/usr/local/sbin/weather-kiosk-test-chips"
    cat >"$root/etc/systemd/system/weather-kiosk-test-chips.service" <<'EOF'
# The system VM's stand-ins for a Pi 4's chips (Tests/system/chips.sh), before the kiosk.
[Unit]
Description=weather-kiosk test chips: BME280 on i2c-stub, vfb, gpio-sim pinctrl-bcm2711
DefaultDependencies=no
After=systemd-udevd.service systemd-modules-load.service
Before=weather-kiosk.service sysinit.target

[Service]
Type=oneshot
RemainAfterExit=yes
ExecStart=/usr/local/sbin/weather-kiosk-test-chips load

[Install]
WantedBy=sysinit.target
EOF
    ln -sf /etc/systemd/system/weather-kiosk-test-chips.service \
        "$root/etc/systemd/system/sysinit.target.wants/weather-kiosk-test-chips.service"
}
