#!/bin/bash
# Runs inside the test VM as PID 1 (see run.sh and initramfs-init.sh). The root file system
# is this machine's, read-only over 9p; /run is a tmpfs and /run/share the results share.
# One line per check goes to $KIOSK_SHARE/results.txt ("PASS name" or "FAIL name: why"),
# each check's full output to $KIOSK_SHARE/logs/, and the VM powers off at the end.

export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
export HOME=/run/home TMPDIR=/run/tmp LC_ALL=C.UTF-8
mkdir -p "$HOME" "$TMPDIR"

power_off() {
    sync
    /bin/busybox poweroff -f
}
trap power_off EXIT

# shellcheck source=/dev/null  # written by run.sh
source /run/share/vm.env
# shellcheck source=Tests/kernel/bme280-image.sh
source "$KIOSK_REPO/Tests/kernel/bme280-image.sh"

readonly RESULTS=$KIOSK_SHARE/results.txt LOGS=$KIOSK_SHARE/logs
mkdir -p "$LOGS"
read -r booted _ </proc/uptime
echo "booted $booted" >"$KIOSK_SHARE/uptime.txt"

# check NAME COMMAND [ARGUMENT...]: runs the command (a function or a program), records
# PASS or FAIL with the last line of its output, and keeps the whole output in the log.
check_number=0
check() {
    local name=$1 log status
    shift
    check_number=$((check_number + 1))
    log=$(printf '%s/%02d.log' "$LOGS" "$check_number")
    echo "== $name" >"$log"
    "$@" >>"$log" 2>&1
    status=$?
    if [[ $status -eq 0 ]]; then
        echo "PASS $name" | tee -a "$RESULTS" >/dev/console
    else
        local reason
        reason=$(grep -v '^== ' "$log" | tail -n 1)
        echo "FAIL $name: ${reason:-exit status $status} (log: logs/${log##*/})" |
            tee -a "$RESULTS" >/dev/console
    fi
    return "$status"
}

# Names, not numbers: the stub is /dev/i2c-N and vfb is /dev/fbN for whatever N they get.
i2c_stub_bus() {
    local adapter
    for adapter in /sys/class/i2c-adapter/i2c-*; do
        [[ -e $adapter/name && $(<"$adapter/name") == "SMBus stub driver" ]] || continue
        echo "${adapter##*/i2c-}"
        return 0
    done
    echo "no i2c adapter named \"SMBus stub driver\" in /sys/class/i2c-adapter"
    return 1
}

vfb_device() {
    local framebuffer
    for framebuffer in /sys/class/graphics/fb*; do
        [[ -e $framebuffer/name && $(<"$framebuffer/name") == "Virtual FB" ]] || continue
        echo "/dev/${framebuffer##*/}"
        return 0
    done
    echo "no framebuffer named \"Virtual FB\" in /sys/class/graphics"
    return 1
}

# --- modules ------------------------------------------------------------------------

load_i2c_stub() { # ADDRESS
    modprobe -r i2c-stub 2>/dev/null
    modprobe i2c-dev && modprobe i2c-stub chip_addr="$1" || return 1
    local bus
    bus=$(i2c_stub_bus) || { echo "$bus"; return 1; }
    [[ -c /dev/i2c-$bus ]] || { echo "/dev/i2c-$bus is not a character device"; return 1; }
    echo "i2c-stub answers at $1 on /dev/i2c-$bus"
}

load_vfb() {
    modprobe vfb vfb_enable=1 || return 1
    local device
    device=$(vfb_device) || { echo "$device"; return 1; }
    [[ -c $device ]] || { echo "$device is not a character device"; return 1; }
    fbset -fb "$device" -i
}

load_uinput() {
    modprobe evdev && modprobe uinput || return 1
    [[ -c /dev/uinput ]] || { echo "/dev/uinput is missing after loading uinput"; return 1; }
    echo "/dev/uinput is ready"
}

# --- the binary ---------------------------------------------------------------------

binary_version() {
    local version
    version=$(timeout 60 "$KIOSK_BINARY" --version) || return 1
    echo "inside the VM: $version; on the host: $KIOSK_VERSION"
    [[ $version == "$KIOSK_VERSION" ]]
}

# --- I2C through the real kernel ----------------------------------------------------

i2c_round_trip() {
    local bus value
    bus=$(i2c_stub_bus) || return 1
    i2cset -y "$bus" 0x76 0x42 0xa5 b || return 1
    value=$(i2cget -y "$bus" 0x76 0x42 b) || return 1
    echo "wrote 0xa5 to register 0x42 at 0x76 on /dev/i2c-$bus, read back $value"
    [[ $value == 0xa5 ]]
}

i2c_nothing_else_answers() {
    local bus
    bus=$(i2c_stub_bus) || return 1
    if i2cget -y "$bus" 0x77 0xd0 b; then
        echo "something answered at 0x77 on /dev/i2c-$bus, where nothing should be"
        return 1
    fi
    echo "nothing answers at 0x77 on /dev/i2c-$bus, as expected"
}

i2c_bme280_image() { # CHIP_ID
    local bus
    bus=$(i2c_stub_bus) || return 1
    bme280_image_load "$bus" 0x76 "$1" || return 1
    bme280_image_verify "$bus" 0x76 "$1" || return 1
    echo "BME280 image (vector V2b, chip id $1) reads back from 0x76 on /dev/i2c-$bus"
}

# --- input through uinput -----------------------------------------------------------

# start_keyboard NAME: starts the uinput helper as coprocess KEYBOARD; KEYBOARD_NODE is
# its /dev/input/eventN. keyboard LINE...: sends it commands. stop_keyboard: removes it.
start_keyboard() {
    coproc KEYBOARD { exec "$KIOSK_UINPUT_KEYS" "$1"; }
    KEYBOARD_NODE=""
    read -r -t 20 KEYBOARD_NODE <&"${KEYBOARD[0]}"
    [[ $KEYBOARD_NODE == /dev/input/event* ]] || {
        echo "the uinput helper did not make a keyboard named \"$1\""
        return 1
    }
}
keyboard() { printf '%s\n' "$@" >&"${KEYBOARD[1]}"; }
stop_keyboard() {
    keyboard quit
    wait "$KEYBOARD_PID"
}

# wait_until_open PID PATH: waits (20 s at most) until some process has PATH open, while
# process PID (the one expected to open it, or its parent) still runs.
wait_until_open() {
    local deadline=$((SECONDS + 20))
    while ((SECONDS < deadline)); do
        find /proc/[0-9]*/fd -maxdepth 1 -lname "$2" 2>/dev/null | grep -q . && return 0
        kill -0 "$1" 2>/dev/null || { echo "process $1 ended before anything opened $2"; return 1; }
        sleep 0.1
    done
    echo "nothing opened $2 within 20 s"
    return 1
}

# Reads key events (struct input_event, 24 bytes on x86-64) from a node until the release
# of the key given, printing "press CODE", "repeat CODE" or "release CODE" per event.
read_key_events() { # NODE CODE
    timeout 30 python3 -c '
import struct, sys
node, last = sys.argv[1], int(sys.argv[2])
with open(node, "rb", buffering=0) as device:
    while True:
        _, _, kind, code, value = struct.unpack("qqHHi", device.read(24))
        if kind == 1:
            print(("release", "press", "repeat")[value], code, flush=True)
            if code == last and value == 0:
                break
' "$1" "$2"
}

uinput_helper_keyboard() {
    start_keyboard "kernel-test keys" || return 1
    local events reader
    read_key_events "$KEYBOARD_NODE" 106 >"$TMPDIR/events.txt" 2>&1 &
    reader=$!
    wait_until_open "$reader" "$KEYBOARD_NODE" || { cat "$TMPDIR/events.txt"; return 1; }
    keyboard "press KEY_LEFT" "sleep 50" "release KEY_LEFT" "press KEY_RIGHT" "sleep 50" \
        "release KEY_RIGHT"
    wait "$reader"
    stop_keyboard
    events=$(<"$TMPDIR/events.txt")
    echo "$KEYBOARD_NODE delivered: ${events//$'\n'/, }"
    [[ $events == $'press 105\nrelease 105\npress 106\nrelease 106' ]]
}

# --- run ----------------------------------------------------------------------------

echo "vm-checks: booted in ${booted}s; running the checks" >/dev/console

check "modules: i2c-dev and i2c-stub (chip_addr=0x76) load" load_i2c_stub 0x76
check "modules: vfb loads as a framebuffer device" load_vfb
check "modules: evdev and uinput load" load_uinput
check "binary: weather-kiosk --version runs inside the VM" binary_version
check "i2c: i2cset/i2cget round trip through /dev/i2c-N" i2c_round_trip
check "i2c: nothing answers at 0x77" i2c_nothing_else_answers
check "i2c: BME280 register image (vector V2b, chip id 0x60) loads" \
    i2c_bme280_image "$BME280_CHIP_ID"
check "uinput: the helper keyboard's presses arrive through /dev/input/eventN" \
    uinput_helper_keyboard

echo finished >"$KIOSK_SHARE/finished"
echo "vm-checks: done" >/dev/console
