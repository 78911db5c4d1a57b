# shellcheck shell=bash
# The kernel tests' input checks (sourced by vm-checks.sh inside the VM): a uinput keyboard
# made by uinput-keys.c stands in for the gpio-keys device.

# --- input through uinput -----------------------------------------------------------

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

# --- buttons through evdev -----------------------------------------------------------

# The buttons verb with the evdev backend on a uinput keyboard named like the gpio-keys
# driver's device, with the default keys (KEY_RIGHT next, KEY_LEFT previous, KEY_ENTER
# select) and long press at 800 ms. The keyboard has kernel auto-repeat on, like a real
# gpio-keys device, so a held key also sends repeat events.
readonly BUTTONS_DEVICE_NAME=gpio_keys

# start_buttons: writes the config and starts `weather-kiosk buttons` in the background on
# the keyboard from start_keyboard; BUTTONS is its pid, its output in $TMPDIR/buttons.*.
start_buttons() {
    write_config || return 1
    cat >>/run/kiosk/config.toml <<EOF

[buttons]
backend = "evdev"
device = "$BUTTONS_DEVICE_NAME"
long_press_ms = 800
EOF
    "$KIOSK_BINARY" buttons --config /run/kiosk/config.toml >"$TMPDIR/buttons.out" \
        2>"$TMPDIR/buttons.err" &
    BUTTONS=$!
    wait_until_open "$BUTTONS" "$KEYBOARD_NODE" || { cat "$TMPDIR/buttons.err"; return 1; }
}

# stop_buttons: ends it with SIGTERM (a background job of a script has SIGINT ignored, so
# Ctrl-C cannot be played) and shows what it printed.
stop_buttons() {
    local status
    kill -TERM "$BUTTONS"
    wait "$BUTTONS"
    status=$?
    cat "$TMPDIR/buttons.out" "$TMPDIR/buttons.err"
    echo "buttons exited with status $status after SIGTERM"
}

# printed_gestures: "button gesture," for each gesture line printed so far.
printed_gestures() {
    awk '/^[0-9][0-9]:[0-9][0-9]:/ { printf "%s %s,", $2, $3 }' "$TMPDIR/buttons.out"
}

# wait_for_gesture "BUTTON GESTURE": waits (20 s at most, a safety net) until it is printed.
wait_for_gesture() {
    local deadline=$((SECONDS + 20))
    until [[ $(printed_gestures) == *"$1,"* ]]; do
        ((SECONDS < deadline)) || return 1
        sleep 0.1
    done
}

# wait_for_text FILE TEXT: waits (20 s at most, a safety net) until FILE contains TEXT.
wait_for_text() {
    local deadline=$((SECONDS + 20))
    until grep -qF -- "$2" "$1"; do
        ((SECONDS < deadline)) || return 1
        sleep 0.1
    done
}

buttons_report_gestures() {
    local held expected
    start_keyboard "$BUTTONS_DEVICE_NAME" && start_buttons || return 1
    keyboard "press KEY_RIGHT" "sleep 120" "release KEY_RIGHT" "sleep 300" "press KEY_ENTER"
    # A long press is reported while the key is still down: wait for it before releasing.
    wait_for_gesture "select long"
    held=$(printed_gestures)
    keyboard "release KEY_ENTER" "sleep 300" "press KEY_LEFT" "sleep 120" "release KEY_LEFT" \
        "sleep 300" "press KEY_RIGHT" "sleep 1500" "release KEY_RIGHT" "sleep 300" \
        "press KEY_ENTER" "sleep 120" "release KEY_ENTER"
    wait_for_gesture "select short"
    stop_keyboard
    stop_buttons
    [[ $held == "next short,select long," ]] || {
        echo "while KEY_ENTER was still held, buttons had printed: ${held:-nothing}"
        return 1
    }
    expected="next short,select long,previous short,next long,select short,"
    [[ $(printed_gestures) == "$expected" ]] || {
        echo "gestures: $(printed_gestures); expected $expected"
        return 1
    }
}

# The device is removed (as a USB keypad pulled out) and made again under the same name:
# the verb says it waits, picks the new device up, and its presses count.
buttons_survive_replug() {
    start_keyboard "$BUTTONS_DEVICE_NAME" && start_buttons || return 1
    keyboard "press KEY_LEFT" "sleep 120" "release KEY_LEFT"
    wait_for_gesture "previous short"
    stop_keyboard
    wait_for_text "$TMPDIR/buttons.err" "waiting for it to come back" ||
        { stop_buttons; echo "buttons did not say it waits for the removed device"; return 1; }
    start_keyboard "$BUTTONS_DEVICE_NAME" || return 1
    wait_until_open "$BUTTONS" "$KEYBOARD_NODE" ||
        { stop_buttons; echo "buttons did not open the re-created $KEYBOARD_NODE"; return 1; }
    keyboard "press KEY_RIGHT" "sleep 120" "release KEY_RIGHT"
    wait_for_gesture "next short"
    stop_keyboard
    stop_buttons
    [[ $(printed_gestures) == "previous short,next short," ]] || {
        echo "gestures: $(printed_gestures); expected a previous short before and a next short after"
        return 1
    }
}
