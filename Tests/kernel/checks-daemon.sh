# shellcheck shell=bash
# The kernel tests' daemon check (sourced by vm-checks.sh inside the VM): `weather-kiosk run`
# on vfb (with the framebuffer console bound to it, as on a Pi), the i2c-stub BME280 and
# the uinput gpio_keys keyboard. There is no network in the VM: the forecast URL is a
# closed port on 127.0.0.1, so the pages show the cities without forecasts.

# status_value PATH...: values from `status --json` (dotted paths such as showing.city), one
# per line; fails while the daemon does not answer.
status_value() {
    kiosk status --json >"$TMPDIR/status.json" 2>/dev/null || return 1
    python3 -c '
import json, sys
status = json.load(open(sys.argv[1]))
for path in sys.argv[2:]:
    value = status
    for key in path.split("."):
        value = value.get(key) if isinstance(value, dict) else None
    print(json.dumps(value) if not isinstance(value, str) else value)
' "$TMPDIR/status.json" "$@"
}

# wait_for_status PATH VALUE: polls until the status shows VALUE at PATH (60 s at most, a
# safety net); prints the last value seen when it gives up.
wait_for_status() {
    local deadline=$((SECONDS + 60)) value=""
    while ((SECONDS < deadline)); do
        value=$(status_value "$1") && [[ $value == "$2" ]] && return 0
        kill -0 "$DAEMON" 2>/dev/null || { echo "the daemon ended"; return 1; }
        sleep 0.5
    done
    echo "status $1 is ${value:-unknown}, expected $2"
    return 1
}

# frame_snapshot DEVICE FILE: the visible frame's bytes.
frame_snapshot() {
    head -c $(($(<"/sys/class/graphics/${1##*/}/stride") * SCREEN_HEIGHT)) "$1" >"$2"
}

# framebuffer_shows_screenshot DEVICE NAME [DEGREES]: the daemon's `screenshot` (turned
# DEGREES clockwise, for display.rotate) is what DEVICE shows. A new frame between the
# screenshot and the read-back (a clock or an overlay ticking) makes it try again, three
# times at most.
framebuffer_shows_screenshot() {
    local attempt before after
    for attempt in 1 2 3; do
        before=$(status_value display.frame) || return 1
        kiosk screenshot -o "$TMPDIR/$2.png" || return 1
        if python3 "$KIOSK_REPO/Tests/kernel/framebuffer-compare.py" --rotate "${3:-0}" \
            "$TMPDIR/$2.png" "$1"; then
            cp "$TMPDIR/$2.png" "$KIOSK_SHARE/logs/daemon-$2.png"
            return 0
        fi
        after=$(status_value display.frame) || return 1
        [[ $before != "$after" ]] || break
        echo "frame $before became $after meanwhile (attempt $attempt); again"
    done
    cp "$TMPDIR/$2.png" "$KIOSK_SHARE/logs/daemon-$2.png"
    frame_snapshot "$1" "$KIOSK_SHARE/logs/daemon-$2.framebuffer"
    return 1
}

write_daemon_config() { # DEVICE [BUTTONS_BACKEND]
    local buttons
    buttons=$(printf 'backend = "evdev"\ndevice = "%s"' "$BUTTONS_DEVICE_NAME")
    # gpiod: the Pi 4 profile's lines on the chip labelled pinctrl-bcm2711.
    [[ ${2:-evdev} == gpiod ]] && buttons='backend = "gpiod"'
    write_config || return 1
    cat >>/run/kiosk/config.toml <<EOF

[forecast]
base_url = "http://127.0.0.1:9"
geocoding_url = "http://127.0.0.1:9"

[display]
kind = "framebuffer"
device = "$1"
pages = ["city"]
cycle_seconds = 3600

[buttons]
$buttons

[control]
socket = "/run/kiosk/control.sock"

[[cities]]
name = "Rome"
country = "Italy"
latitude = 41.89193
longitude = 12.51133
timezone = "Europe/Rome"

[[cities]]
name = "Oslo"
country = "Norway"
latitude = 59.91273
longitude = 10.74609
timezone = "Europe/Oslo"
EOF
}

# A key press (or with "gpiod", a press on GPIO17 of gpio-sim's chip, see checks-gpio.sh)
# moves to the next city and the framebuffer changes; what is on the framebuffer is the
# daemon's own frame (its screenshot), the console's cursor included nowhere; the indoor
# reading is the vector's; SIGTERM ends it with status 0.
daemon_on_the_kernel_devices() { # [BUTTONS_BACKEND: evdev (default) or gpiod]
    local device status temperature deadline backend=${1:-evdev}
    device=$(vfb_device) || { echo "$device"; return 1; }
    console_on_the_framebuffer && set_depth "$device" 16 5,6,5,0 && scribble "$device" ||
        return 1
    # A fresh state directory: the daemon starts on the first city (Rome), whatever an
    # earlier round left.
    rm -rf /run/kiosk/state
    write_daemon_config "$device" "$backend" || return 1
    if [[ $backend == gpiod ]]; then
        fresh_kiosk_chip || return 1
    else
        start_keyboard "$BUTTONS_DEVICE_NAME" || return 1
    fi
    "$KIOSK_BINARY" run --config /run/kiosk/config.toml --log "$TMPDIR/kiosk.log" &
    DAEMON=$!
    buttons_ready() {
        if [[ $backend == gpiod ]]; then
            wait_for_holder "$KIOSK_CHIP" 17 "$DAEMON"
        else
            wait_until_open "$DAEMON" "$KEYBOARD_NODE"
        fi
    }
    stop_daemon_on_failure() {
        kill -KILL "$DAEMON" 2>/dev/null
        cat "$TMPDIR/kiosk.log"
        echo "$1"
        return 1
    }
    wait_for_status showing.city Rome && buttons_ready ||
        stop_daemon_on_failure "the daemon did not show Rome with the buttons ($backend) open" ||
        return 1
    # The daemon reads the sensor on its own schedule: wait for the first reading.
    wait_for_status sensor.chip bme280 ||
        stop_daemon_on_failure "the daemon did not read the BME280" || return 1
    temperature=$(status_value sensor.temperature_c)
    echo "indoor temperature in the status: $temperature"
    python3 -c 'import sys; sys.exit(abs(float(sys.argv[1]) - float(sys.argv[2])) > 1e-6)' \
        "$temperature" "$BME280_EXPECTED_TEMPERATURE_C" ||
        stop_daemon_on_failure "indoor temperature $temperature, expected $BME280_EXPECTED_TEMPERATURE_C" ||
        return 1
    framebuffer_shows_screenshot "$device" rome ||
        stop_daemon_on_failure "the framebuffer is not the daemon's frame of Rome" || return 1
    frame_snapshot "$device" "$TMPDIR/rome.frame"

    if [[ $backend == gpiod ]]; then
        tap 17 120
    else
        keyboard "press KEY_RIGHT" "sleep 120" "release KEY_RIGHT"
    fi
    wait_for_status showing.city Oslo ||
        stop_daemon_on_failure "the next button ($backend) did not move to the next city" ||
        return 1
    # The status changes before the frame reaches the screen: wait for the screen too.
    deadline=$((SECONDS + 30))
    while frame_snapshot "$device" "$TMPDIR/oslo.frame" &&
        cmp -s "$TMPDIR/rome.frame" "$TMPDIR/oslo.frame"; do
        ((SECONDS < deadline)) || stop_daemon_on_failure "the framebuffer did not change" ||
            return 1
        sleep 0.2
    done
    echo "the framebuffer changed after the next button ($backend)"
    framebuffer_shows_screenshot "$device" oslo ||
        stop_daemon_on_failure "the framebuffer is not the daemon's frame of Oslo" || return 1

    kill -TERM "$DAEMON"
    wait "$DAEMON"
    status=$?
    [[ $backend == gpiod ]] || stop_keyboard
    cat "$TMPDIR/kiosk.log"
    echo "the daemon exited with status $status after SIGTERM"
    [[ $status -eq 0 ]]
}

# daemon_shows_the_page_turned DEGREES: with display.rotate = DEGREES the daemon lays its
# pages out for the turned screen: `screenshot` is the upright page (320x480 on the 480x320
# vfb at 90° and 270°), the framebuffer holds it turned, and `status` says so.
daemon_shows_the_page_turned() {
    local degrees=$1 device status size
    device=$(vfb_device) || { echo "$device"; return 1; }
    console_on_the_framebuffer && set_depth "$device" 16 5,6,5,0 && scribble "$device" ||
        return 1
    # A fresh start: the check before left Oslo as the city on screen in the state.
    rm -rf /run/kiosk/state "$TMPDIR/kiosk.log"
    write_daemon_config "$device" || return 1
    sed -i "s/^kind = \"framebuffer\"$/&\nrotate = $degrees/" /run/kiosk/config.toml || return 1
    "$KIOSK_BINARY" run --config /run/kiosk/config.toml --log "$TMPDIR/kiosk.log" &
    DAEMON=$!
    stop_daemon_on_failure() {
        kill -KILL "$DAEMON" 2>/dev/null
        cat "$TMPDIR/kiosk.log"
        echo "$1"
        return 1
    }
    wait_for_status showing.city Rome && wait_for_status display.rotate_degrees "$degrees" ||
        stop_daemon_on_failure "the daemon did not show Rome turned $degrees°" || return 1
    framebuffer_shows_screenshot "$device" "rome-rotate$degrees" "$degrees" ||
        stop_daemon_on_failure "the framebuffer is not the daemon's frame turned $degrees°" ||
        return 1
    # The PNG's IHDR: width and height, big-endian, at bytes 16 and 20.
    size=$(python3 -c 'import sys; d = open(sys.argv[1], "rb").read(24)
print("%dx%d" % (int(d[16:20].hex(), 16), int(d[20:24].hex(), 16)))' \
        "$TMPDIR/rome-rotate$degrees.png")
    echo "the screenshot is $size"
    [[ $size == "${SCREEN_HEIGHT}x$SCREEN_WIDTH" ]] ||
        stop_daemon_on_failure "the screenshot is $size, not the upright portrait page" ||
        return 1
    kill -TERM "$DAEMON"
    wait "$DAEMON"
    status=$?
    cat "$TMPDIR/kiosk.log"
    echo "the daemon exited with status $status after SIGTERM"
    [[ $status -eq 0 ]]
}
