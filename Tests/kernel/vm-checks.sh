#!/bin/bash
# Runs inside the test VM as PID 1 (see run.sh and initramfs-init.sh). The root file system
# is this machine's, read-only over 9p; /run is a tmpfs and /run/share the results share.
# One line per check goes to $KIOSK_SHARE/results.txt ("PASS name" or "FAIL name: why"),
# each check's full output to $KIOSK_SHARE/logs/, and the VM powers off at the end.
#
#   vm-checks.sh                    run every check (as the VM's init)
#   vm-checks.sh --run FUNCTION...  run one check function (how check() runs each one)

export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
export HOME=/run/home TMPDIR=/run/tmp LC_ALL=C.UTF-8

# shellcheck source=/dev/null  # written by run.sh
source /run/share/vm.env
kernel_tests=$KIOSK_REPO/Tests/kernel
# shellcheck source=Tests/kernel/register-image.sh
source "$kernel_tests/register-image.sh"
# shellcheck source=Tests/kernel/bme280-image.sh
source "$kernel_tests/bme280-image.sh"
# shellcheck source=Tests/kernel/bme680-image.sh
source "$kernel_tests/bme680-image.sh"
# shellcheck source=Tests/kernel/vm-lib.sh
source "$kernel_tests/vm-lib.sh"
# shellcheck source=Tests/kernel/checks-i2c.sh
source "$kernel_tests/checks-i2c.sh"
# shellcheck source=Tests/kernel/checks-input.sh
source "$kernel_tests/checks-input.sh"
# shellcheck source=Tests/kernel/checks-framebuffer.sh
source "$kernel_tests/checks-framebuffer.sh"
# shellcheck source=Tests/kernel/checks-daemon.sh
source "$kernel_tests/checks-daemon.sh"
# shellcheck source=Tests/kernel/checks-gpio.sh
source "$kernel_tests/checks-gpio.sh"
# shellcheck source=Tests/kernel/checks-drm.sh
source "$kernel_tests/checks-drm.sh"

if [[ ${1:-} == --run ]]; then
    shift
    "$@"
    exit
fi

power_off() {
    sync
    /bin/busybox poweroff -f
}
trap power_off EXIT

mkdir -p "$HOME" "$TMPDIR"
# Loopback only: the daemon's forecast URL is a closed port on 127.0.0.1.
/bin/busybox ip link set lo up
readonly RESULTS=$KIOSK_SHARE/results.txt LOGS=$KIOSK_SHARE/logs
readonly CHECK_TIME_LIMIT_SECONDS=120
mkdir -p "$LOGS"
read -r booted _ </proc/uptime
echo "booted $booted" >"$KIOSK_SHARE/uptime.txt"

# check [--time-limit SECONDS] NAME FUNCTION [ARGUMENT...]: runs the function in a child
# shell of its own, stopped with everything it started after the time limit (default
# CHECK_TIME_LIMIT_SECONDS); records PASS, or FAIL with the last line of its output, and
# keeps the whole output in the check's log.
check_number=0
check() {
    local limit=$CHECK_TIME_LIMIT_SECONDS
    if [[ $1 == --time-limit ]]; then
        limit=$2
        shift 2
    fi
    local name=$1 log status
    shift
    check_number=$((check_number + 1))
    log=$(printf '%s/%s%02d.log' "$LOGS" "${KIOSK_VM_SUITE:+$KIOSK_VM_SUITE-}" "$check_number")
    echo "== $name" >"$log"
    local started=$SECONDS
    timeout --kill-after=5 "$limit" bash "$0" --run "$@" >>"$log" 2>&1
    status=$?
    echo "== $((SECONDS - started)) s, exit status $status" >>"$log"
    if [[ $status -eq 0 ]]; then
        echo "PASS $name" | tee -a "$RESULTS" >/dev/console
        return 0
    fi
    local reason
    if [[ $status -eq 124 || $status -eq 137 ]]; then
        reason="stopped after ${limit}s"
    else
        reason=$(grep -v '^== ' "$log" | tail -n 1)
    fi
    echo "FAIL $name: ${reason:-exit status $status} (log: logs/${log##*/})" |
        tee -a "$RESULTS" >/dev/console
    return "$status"
}

echo "vm-checks: booted in ${booted}s; running the checks" >/dev/console

check "modules: i2c-dev and i2c-stub (chip_addr=0x76) load" load_i2c_stub 0x76

# The DRM checks, on the driver of this boot's screen (run.sh boots twice: virtio-gpu, then
# QEMU's standard VGA for bochs-drm).
drm_checks() { # MODULE
    check "modules: $1 loads, its connector connected" load_drm_driver "$1"
    check "doctor: display.kind = drm lists $1's card, connector, state and modes, and the choice" \
        doctor_lists_the_drm_connectors
    check --time-limit 480 \
        "daemon: display.kind = drm on $1: screendump = screenshot, DPMS Off/On, unplug says so, replug draws, chvt 2 lets go and chvt 1 draws again, SIGTERM exits 0" \
        daemon_on_drm drm
    check --time-limit 480 \
        "daemon: display.kind = auto on $1 picks DRM and says why; screendump = screenshot" \
        daemon_on_drm auto
}
if [[ ${KIOSK_VM_SUITE:-} == bochs ]]; then
    drm_checks bochs
    echo finished >"$KIOSK_SHARE/finished"
    echo "vm-checks: done" >/dev/console
    exit 0
fi

check "modules: vfb loads as a framebuffer device" load_vfb
if [[ ${KIOSK_VM_ONLY:-} == drm ]]; then
    check "drm: display.kind = auto without a DRM card picks the framebuffer" \
        auto_picks_the_framebuffer_without_drm
    drm_checks virtio-gpu
    echo finished >"$KIOSK_SHARE/finished"
    echo "vm-checks: done" >/dev/console
    exit 0
fi
check "drm: display.kind = auto without a DRM card picks the framebuffer" \
    auto_picks_the_framebuffer_without_drm
check "modules: evdev and uinput load" load_uinput
check "binary: weather-kiosk --version runs inside the VM" binary_version
check "i2c: i2cset/i2cget round trip through /dev/i2c-N" i2c_round_trip
check "i2c: nothing answers at 0x77" i2c_nothing_else_answers
check "i2c: BME280 register image (vector V2b, chip id 0x60) loads" \
    i2c_bme280_image "$BME280_CHIP_ID"
check "sensor: sensor --json through /dev/i2c-N gives vector V2b (Bosch double)" \
    sensor_reads_vector
check "sensor: sensor decode of i2cdump's dump of the stub gives vector V2b" \
    sensor_decodes_i2cdump
check "sensor: a BMP280 id (0x58) gives temperature and pressure, humidity null" \
    sensor_bmp280_has_no_humidity
check "sensor: with the chip at 0x77, sensor fails with \"Nothing answers at 0x76\"" \
    sensor_no_answer_elsewhere
check "doctor: an LCD's address is probed without writing to it" doctor_probes_the_display
check "doctor: display.kind = inky names the panel from the Inky's EEPROM on i2c-stub at 0x50" \
    doctor_reads_the_inky_eeprom
check "sensor: [[sensors]] kind = \"bme680\" on a BME680 image at 0x77 gives the computed temperature, pressure, humidity and gas resistance" \
    sensor_bme680_image
check "sensor: an SHT4x on the SMBus-only i2c-stub is one sentence naming the adapter, address and fix; scan names the BME680" \
    sensor_sensirion_on_smbus_only
check "modules: i2c-stub back at 0x76 with the BME280 image" i2c_bme280_image_at_0x76
if [[ ${KIOSK_VM_ONLY:-} == i2c ]]; then
    echo finished >"$KIOSK_SHARE/finished"
    echo "vm-checks: done" >/dev/console
    exit 0
fi
check "uinput: the helper keyboard's presses arrive through /dev/input/eventN" \
    uinput_helper_keyboard
check "buttons: evdev backend on a uinput gpio_keys keyboard reports short and long presses" \
    buttons_report_gestures
check "buttons: the keyboard removed and made again is picked up again" buttons_survive_replug
check "framebuffer: render on vfb at 8 bpp fails with one sentence" render_refuses_8_bits
check "framebuffer: render --framebuffer on vfb at 16 bpp (RGB565) reads back as the PNG" \
    render_matches_png 16 5,6,5,0 city
check "framebuffer: render --framebuffer on vfb at 32 bpp (XBGR8888) reads back as the PNG" \
    render_matches_png 32 8,8,8,8 city
check "framebuffer: render --framebuffer on vfb at 16 bpp (ARGB1555) reads back as the PNG" \
    render_matches_png 16 5,5,5,1 hourly
check "framebuffer: the comparison tells the hourly frame from the city PNG" \
    comparer_tells_pages_apart city-16-5650.png
check "framebuffer: display.rotate = 90 on vfb at 16 bpp (RGB565) shows the portrait PNG turned" \
    rotated_render_matches_png 16 5,6,5,0 city 90
check "framebuffer: the comparison tells that frame from the same page turned 270°" \
    comparer_tells_turns_apart city-16-5650-rotate90.png 270
check "framebuffer: display.rotate = 270 on vfb at 32 bpp (XBGR8888) shows the portrait PNG turned" \
    rotated_render_matches_png 32 8,8,8,8 hourly 270
check "framebuffer: display.rotate = 180 on vfb at 16 bpp (RGB565) shows the PNG upside down" \
    rotated_render_matches_png 16 5,6,5,0 city 180
check --time-limit 300 \
    "daemon: run on vfb, i2c-stub and uinput: a key moves to the next city, SIGTERM exits 0" \
    daemon_on_the_kernel_devices
check --time-limit 300 \
    "daemon: display.rotate = 90 on vfb: the framebuffer holds the upright screenshot turned" \
    daemon_shows_the_page_turned 90

check "modules: gpio-sim (built for this kernel by gpio-sim-module.sh) loads" load_gpio_sim
# The GPIO checks, once with each build: libgpiod 1.6 (Debian 12's) and 2.x (backports').
gpio_checks() { # LIBGPIOD BINARY
    local label="gpio-sim, libgpiod $1" binary=$2
    check "$label: buttons finds pinctrl-bcm2711 and GPIO17/27/22 by name; short, long while held" \
        with_binary "$binary" gpio_short_and_long
    check "$label: auto-repeat while next is held, then nothing on release" \
        with_binary "$binary" gpio_auto_repeat
    check "$label: two buttons interleaved are two gestures each" \
        with_binary "$binary" gpio_interleaved
    check "$label: presses shorter than the debounce (5 ms bounces, 100 ms debounce) give no gesture" \
        with_binary "$binary" gpio_bounces_ignored
    check "$label: BCM offsets count on the chip labelled pinctrl-bcm2711" \
        with_binary "$binary" gpio_bcm_offset
    check "$label: the chip renumbered (another made first) is still found by its label" \
        with_binary "$binary" gpio_chip_renumbered
    check "$label: a line held by another consumer: the sentence names \"gpio-keys\"" \
        with_binary "$binary" gpio_line_busy
    check "$label: the chip removed while running and made again: recovers, no restart" \
        with_binary "$binary" gpio_chip_removed_and_back
    check --time-limit 300 \
        "$label: daemon on vfb, i2c-stub and gpio-sim: GPIO17 moves to the next city, the framebuffer changes" \
        with_binary "$binary" daemon_on_the_kernel_devices gpiod
}
gpio_checks 1.6 "$KIOSK_BINARY"
gpio_checks 2.x "${KIOSK_GPIOD2_BINARY:-}"
drm_checks virtio-gpu

echo finished >"$KIOSK_SHARE/finished"
echo "vm-checks: done" >/dev/console
