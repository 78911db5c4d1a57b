#!/usr/bin/env bash
# Builds gpio-sim (with the interrupt simulator it needs) as one out-of-tree module,
# gpio-sim-ext.ko, for a Debian kernel whose config has neither CONFIG_GPIO_SIM nor
# CONFIG_IRQ_SIM. Called by run.sh; the kernel VM loads the module and makes a chip
# labelled like a Pi 4's through configfs.
#
#   Tests/kernel/gpio-sim-module.sh KERNEL_VERSION
#
# The sources come from Debian's linux-source-6.1 (drivers/gpio/gpio-sim.c, gpiolib.h,
# kernel/irq/irq_sim.c), with gpio-sim/irq_sim-exported-symbols.patch applied; the build
# uses linux-headers-KERNEL_VERSION, which must match the booted kernel exactly. Both are
# installed with apt-get when missing. The module is cached under
# /var/cache/weather-kiosk-kernel/gpio-sim, keyed by the kernel, the source package's
# version and this script and patch, so later runs take no time.
# Prints the module's path; on failure prints one sentence to stderr and exits 1.
set -euo pipefail

if [ $# -ne 1 ]; then
    echo "usage: $0 KERNEL_VERSION" >&2
    exit 2
fi
readonly kernel_version=$1
readonly here="$(cd "$(dirname "$0")" && pwd -P)"
readonly patch_file=$here/gpio-sim/irq_sim-exported-symbols.patch
readonly source_package=linux-source-6.1
readonly headers_package=linux-headers-$kernel_version
readonly source_tarball=/usr/src/$source_package.tar.xz
readonly cache_root=${KIOSK_KERNEL_CACHE:-/var/cache/weather-kiosk-kernel}/gpio-sim

fail() {
    echo "gpio-sim: $1" >&2
    exit 1
}

installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }

missing=""
for package in $source_package "$headers_package" make xz-utils gcc; do
    installed "$package" || missing="$missing $package"
done
if [ -n "$missing" ]; then
    echo "gpio-sim: installing$missing" >&2
    sudo_prefix=""
    [ "$(id -u)" -eq 0 ] || sudo_prefix="sudo --"
    export DEBIAN_FRONTEND=noninteractive
    $sudo_prefix apt-get update -q >&2 || true
    # shellcheck disable=SC2086  # the list is meant to split into words
    if ! $sudo_prefix apt-get install -y -q --no-install-recommends $missing >&2; then
        installed "$headers_package" ||
            fail "cannot install $headers_package, the headers of the kernel the VM boots ($kernel_version); without them gpio-sim cannot be built for it: install them (apt-get install $headers_package) or install the linux-image-amd64 whose headers the mirror has."
        fail "cannot install$missing with apt-get (see the lines above); install them and run again."
    fi
fi
[ -d "/lib/modules/$kernel_version/build" ] ||
    fail "/lib/modules/$kernel_version/build is missing although $headers_package is installed; reinstall $headers_package."
[ -r "$source_tarball" ] ||
    fail "$source_tarball is missing although $source_package is installed; reinstall $source_package."

source_version=$(dpkg-query -W -f='${Version}' "$source_package")
key=$(cat "$0" "$patch_file" | sha256sum | cut -c1-16)
cached=$cache_root/$kernel_version/$source_version-$key/gpio-sim-ext.ko
if [ -f "$cached" ]; then
    echo "$cached"
    exit 0
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/gpio-sim-build.XXXXXX")
trap 'rm -rf "$work"' EXIT
tar -xJf "$source_tarball" -C "$work" --strip-components=1 \
    "$source_package/drivers/gpio/gpio-sim.c" "$source_package/drivers/gpio/gpiolib.h" \
    "$source_package/kernel/irq/irq_sim.c" ||
    fail "$source_tarball has no drivers/gpio/gpio-sim.c, gpiolib.h or kernel/irq/irq_sim.c."
patch --quiet --directory="$work" -p1 <"$patch_file" ||
    fail "$patch_file does not apply to $source_package $source_version; update the patch."
module=$work/module
mkdir -p "$module"
mv "$work/drivers/gpio/gpio-sim.c" "$work/drivers/gpio/gpiolib.h" "$work/kernel/irq/irq_sim.c" \
    "$module/"
cat >"$module/Kbuild" <<'EOF'
obj-m := gpio-sim-ext.o
gpio-sim-ext-objs := gpio-sim.o irq_sim.o
EOF
make -s -C "/lib/modules/$kernel_version/build" M="$module" modules >"$work/make.log" 2>&1 || {
    tail -n 20 "$work/make.log" >&2
    fail "building gpio-sim-ext.ko against $headers_package failed (the make output is above)."
}
mkdir -p "$(dirname "$cached")"
cp "$module/gpio-sim-ext.ko" "$cached.partial"
mv "$cached.partial" "$cached"
echo "$cached"
