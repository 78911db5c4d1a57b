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

# register_image_verify BUS ADDRESS BLOCK...: reads all 256 registers back with one
# i2cdump and compares them with each BLOCK, the name of an array whose first element is
# the first register and the rest its bytes; prints the first mismatch and returns 1 on any
# difference.
register_image_verify() {
    local bus=$1 address=$2 dump row values index value block offset register actual
    shift 2
    dump=$(i2cdump -y "$bus" "$address" b) || return 1
    local -a registers=()
    while read -r row values; do
        [[ $row =~ ^[0-9a-f]0:$ ]] || continue
        index=$((16#${row%0:} * 16))
        for value in ${values:0:47}; do
            # i2cdump prints XX for a byte it could not read.
            if [[ $value =~ ^[0-9a-f]{2}$ ]]; then registers[index]=$((16#$value)); fi
            index=$((index + 1))
        done
    done <<<"$dump"
    for block in "$@"; do
        local -n bytes=$block
        for ((offset = 1; offset < ${#bytes[@]}; offset++)); do
            register=$((bytes[0] + offset - 1))
            actual=${registers[register]:-}
            [[ $actual == $((bytes[offset])) ]] && continue
            if [[ -n $actual ]]; then
                printf 'register 0x%02x reads 0x%02x, expected 0x%02x\n' "$register" "$actual" \
                    "$((bytes[offset]))"
            else
                printf 'register 0x%02x could not be read, expected 0x%02x\n' "$register" \
                    "$((bytes[offset]))"
            fi
            return 1
        done
    done
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

