# shellcheck shell=bash
# Helpers shared by the kernel tests' check files (sourced by vm-checks.sh inside the VM).

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

# write_config [KIND ADDRESS]: the kiosk's config for the VM, with the [sensor] BME280 at
# 0x76 on the stub's bus, or with KIND and ADDRESS one [[sensors]] entry there, "Stub".
write_config() {
    local bus
    bus=$(i2c_stub_bus) || return 1
    mkdir -p /run/kiosk
    {
        echo '# Written by Tests/kernel/vm-checks.sh.'
        echo 'board = "raspberry-pi-4"'
        echo 'state_dir = "/run/kiosk/state"'
        echo
        if [[ $# -eq 2 ]]; then
            printf '[[sensors]]\nkind = "%s"\nname = "Stub"\nbus = %s\naddress = %s\n' \
                "$1" "$bus" "$2"
        else
            printf '[sensor]\nkind = "bme280"\nbus = %s\naddress = 0x76\n' "$bus"
        fi
    } >/run/kiosk/config.toml
}

# kiosk ARGUMENT...: the binary with the VM's config, 60 s at most.
kiosk() { timeout 60 "$KIOSK_BINARY" "$@" --config /run/kiosk/config.toml; }

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

