#!/bin/bash
# The system VM's chips, inside the guest (installed by Tests/system/chips.sh as
# /usr/local/sbin/weather-kiosk-test-chips; run at boot by weather-kiosk-test-chips.service
# and over SSH by checks-chips.sh):
#
#   weather-kiosk-test-chips load                    everything, at boot
#   weather-kiosk-test-chips sensor-out              i2c-stub unloaded: the sensor is gone
#   weather-kiosk-test-chips sensor-in [wrong]       i2c-stub back with the BME280 image
#                                                    ("wrong": with another temperature)
#   weather-kiosk-test-chips press LINE MILLISECONDS a button to ground on gpio-sim's LINE
#   weather-kiosk-test-chips where                   "BUS FRAMEBUFFER GPIOCHIP"
#
# The sensor is i2c-stub's chip at 0x76 holding the register image of vector V2b
# (bme280-image.sh, the same as the amd64 kernel VM's), written and read back with i2c-tools.
# The buttons are a gpio-sim chip labelled pinctrl-bcm2711 with 58 lines, of which 17, 27
# and 22 are named GPIO17, GPIO27 and GPIO22, as on a Pi 4. The screen is vfb at 640x480,
# 32 bits per pixel. Every failure is one line on stderr naming what failed; exit 1.
set -euo pipefail

readonly LIBRARY=/usr/local/lib/weather-kiosk-test
readonly SENSOR_ADDRESS=0x76
readonly GPIO_SIM=/sys/kernel/config/gpio-sim/kiosk
readonly GPIO_LABEL=pinctrl-bcm2711
# shellcheck source=Tests/kernel/register-image.sh
. "$LIBRARY/register-image.sh"
# shellcheck source=Tests/kernel/bme280-image.sh
. "$LIBRARY/bme280-image.sh"

fail() {
    echo "weather-kiosk-test-chips: $*" >&2
    exit 1
}

# stub_bus: the number N of /dev/i2c-N that i2c-stub made.
stub_bus() {
    local adapter
    for adapter in /sys/class/i2c-dev/i2c-*; do
        [ -e "$adapter/name" ] || continue
        if [ "$(cat "$adapter/name")" = "SMBus stub driver" ]; then
            echo "${adapter##*/i2c-}"
            return 0
        fi
    done
    return 1
}

# vfb_device: the /dev/fbN of vfb ("Virtual FB"; virtio-gpu's emulated fbdev is another).
vfb_device() {
    local framebuffer
    for framebuffer in /sys/class/graphics/fb*; do
        [ -e "$framebuffer/name" ] || continue
        if [ "$(cat "$framebuffer/name")" = "Virtual FB" ]; then
            echo "/dev/${framebuffer##*/}"
            return 0
        fi
    done
    return 1
}

sim_lines() {
    echo "/sys/devices/platform/$(cat "$GPIO_SIM/dev_name")/$(cat "$GPIO_SIM/bank0/chip_name")"
}

# wait_for PATH: udev makes device nodes a moment after the module is loaded.
wait_for() {
    local attempt
    for attempt in $(seq 50); do
        [ -e "$1" ] && return 0
        sleep 0.1
    done
    fail "$1 did not appear within 5 s."
}

sensor_in() {
    local wrong=${1:-} bus
    modprobe i2c-dev || fail "modprobe i2c-dev failed."
    modprobe i2c-stub chip_addr=$SENSOR_ADDRESS || fail "modprobe i2c-stub failed."
    bus=$(stub_bus) || fail "i2c-stub is loaded but no /sys/class/i2c-dev/i2c-* is its."
    wait_for "/dev/i2c-$bus"
    bme280_image_load "$bus" "$SENSOR_ADDRESS" "$BME280_CHIP_ID" ||
        fail "writing the BME280 image to /dev/i2c-$bus at $SENSOR_ADDRESS failed."
    if [ "$wrong" = wrong ]; then
        # temp_msb 0x84 -> 0x74: some 13 degrees colder than the vector's result.
        i2cset -y "$bus" "$SENSOR_ADDRESS" 0xfa 0x74 b || fail "i2cset on /dev/i2c-$bus failed."
        echo "i2c-stub on /dev/i2c-$bus: BME280 at $SENSOR_ADDRESS with a WRONG temperature register"
        return 0
    fi
    bme280_image_verify "$bus" "$SENSOR_ADDRESS" "$BME280_CHIP_ID" >&2 ||
        fail "the BME280 image on /dev/i2c-$bus does not read back as written."
    echo "i2c-stub on /dev/i2c-$bus: BME280 at $SENSOR_ADDRESS, vector V2b, read back"
}

# sensor_out: i2c-stub unloaded. The kiosk opens the bus only while it reads the sensor,
# so a reading under way may hold it for a moment: tried for up to 5 s.
sensor_out() {
    local attempt
    for attempt in $(seq 25); do
        if modprobe -r i2c-stub 2>/dev/null; then
            echo "i2c-stub unloaded"
            return 0
        fi
        sleep 0.2
    done
    modprobe -r i2c-stub || true
    fail "modprobe -r i2c-stub failed for 5 s: something holds /dev/i2c-N open."
}

buttons_in() {
    local offset
    modprobe configfs || fail "modprobe configfs failed."
    mountpoint -q /sys/kernel/config || mount -t configfs none /sys/kernel/config ||
        fail "mounting configfs on /sys/kernel/config failed."
    modprobe gpio-sim-ext || fail "modprobe gpio-sim-ext failed."
    [ -d "$GPIO_SIM" ] && return 0
    mkdir -p "$GPIO_SIM/bank0/line17" "$GPIO_SIM/bank0/line27" "$GPIO_SIM/bank0/line22" ||
        fail "mkdir in /sys/kernel/config/gpio-sim failed."
    echo 58 >"$GPIO_SIM/bank0/num_lines"
    echo "$GPIO_LABEL" >"$GPIO_SIM/bank0/label"
    for offset in 17 27 22; do echo "GPIO$offset" >"$GPIO_SIM/bank0/line$offset/name"; done
    echo 1 >"$GPIO_SIM/live" || fail "gpio-sim would not make the chip live."
    wait_for "/dev/$(cat "$GPIO_SIM/bank0/chip_name")"
    echo "gpio-sim: /dev/$(cat "$GPIO_SIM/bank0/chip_name") labelled $GPIO_LABEL, GPIO17 GPIO27 GPIO22"
}

screen_in() {
    local device
    # 640x480 at 32 bits is 1.2 MB, more than vfb's default 1 MB of memory.
    modprobe vfb vfb_enable=1 videomemorysize=2097152 mode_option=640x480-32@60 ||
        fail "modprobe vfb failed."
    device=$(vfb_device) || fail "vfb is loaded but no /sys/class/graphics/fb* is its."
    wait_for "$device"
    echo "vfb: $device $(cat "/sys/class/graphics/${device#/dev/}/virtual_size") at $(cat "/sys/class/graphics/${device#/dev/}/bits_per_pixel") bits"
}

case "${1:-}" in
    load)
        sensor_in
        buttons_in
        screen_in
        ;;
    sensor-out) sensor_out ;;
    sensor-in) sensor_in "${2:-}" ;;
    press)
        [ $# -eq 3 ] || fail "usage: $0 press LINE MILLISECONDS"
        pull=$(sim_lines)/sim_gpio$2/pull
        [ -w "$pull" ] || fail "$pull is missing: is the gpio-sim chip live?"
        echo pull-down >"$pull"
        sleep "$(printf "%d.%03d" $(($3 / 1000)) $(($3 % 1000)))"
        echo pull-up >"$pull"
        ;;
    where)
        bus=$(stub_bus) || bus=-
        device=$(vfb_device) || device=-
        chip=-
        [ ! -e "$GPIO_SIM/bank0/chip_name" ] || chip=$(cat "$GPIO_SIM/bank0/chip_name")
        echo "$bus $device $chip"
        ;;
    *) fail "usage: $0 load | sensor-out | sensor-in [wrong] | press LINE MS | where" ;;
esac
