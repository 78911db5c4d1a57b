# shellcheck shell=bash
# The kernel tests' GPIO checks (sourced by vm-checks.sh inside the VM): gpio-sim, built by
# gpio-sim-module.sh, makes a chip labelled "pinctrl-bcm2711" with lines named like a
# Pi 4's, and the gpiod backend reads it through /dev/gpiochipN as on the Pi. A "press" is
# the line's simulated pull set to pull-down (a button to ground against the pull-up the
# kiosk asks for), a release pull-up, played by gpio-sim-presses.py with millisecond
# timing. Every check runs once per binary: the one built against libgpiod 1.6 and the
# one built against libgpiod 2.x (with_binary).

readonly GPIO_SIM_CONFIG=/sys/kernel/config/gpio-sim
readonly GPIO_SIM_LABEL=pinctrl-bcm2711
readonly GPIO_SIM_LINES=58

# --- the simulated chips --------------------------------------------------------------

load_gpio_sim() {
    [[ -n ${KIOSK_GPIO_SIM_MODULE:-} ]] || {
        echo "${KIOSK_GPIO_SIM_PROBLEM:-run.sh built no gpio-sim module}"
        return 1
    }
    modprobe configfs || return 1
    mountpoint -q /sys/kernel/config || mount -t configfs none /sys/kernel/config || return 1
    mountpoint -q /sys/kernel/debug || mount -t debugfs none /sys/kernel/debug || return 1
    insmod "$KIOSK_GPIO_SIM_MODULE" || return 1
    [[ -d $GPIO_SIM_CONFIG ]] || { echo "$GPIO_SIM_CONFIG is missing after insmod"; return 1; }
    echo "gpio-sim loaded from $KIOSK_GPIO_SIM_MODULE"
}

# make_sim_chip NAME LABEL [HOG_LINE HOG_NAME]: a live gpio-sim device NAME with one bank
# of GPIO_SIM_LINES lines named GPIO0…GPIO57, optionally with line HOG_LINE held (as an
# input) by the kernel under the consumer name HOG_NAME. Prints its gpiochipN.
make_sim_chip() {
    local device=$GPIO_SIM_CONFIG/$1 offset lines=()
    for ((offset = 0; offset < GPIO_SIM_LINES; offset++)); do lines+=("$device/bank0/line$offset"); done
    # One mkdir for all: starting a program takes a while in an emulated VM.
    mkdir -p "${lines[@]}" || return 1
    echo "$GPIO_SIM_LINES" >"$device/bank0/num_lines" && echo "$2" >"$device/bank0/label" ||
        return 1
    for ((offset = 0; offset < GPIO_SIM_LINES; offset++)); do
        echo "GPIO$offset" >"$device/bank0/line$offset/name" || return 1
    done
    if [[ -n ${3:-} ]]; then
        mkdir "$device/bank0/line$3/hog" && echo "$4" >"$device/bank0/line$3/hog/name" &&
            echo input >"$device/bank0/line$3/hog/direction" || return 1
    fi
    echo 1 >"$device/live" || return 1
    cat "$device/bank0/chip_name"
}

# remove_sim_chips: takes every gpio-sim device down and removes its configuration.
remove_sim_chips() {
    local device hogs
    for device in "$GPIO_SIM_CONFIG"/*/; do
        [[ -d $device ]] || continue
        [[ $(<"$device/live") == 0 ]] || echo 0 >"$device/live" || return 1
        hogs=("$device"bank0/line*/hog)
        [[ -d ${hogs[0]} ]] && { rmdir "${hogs[@]}" || return 1; }
        rmdir "$device"bank0/line*/ "${device}bank0" "$device" || return 1
    done
}

# play STEP...: plays "press OFFSET", "release OFFSET" and "sleep MS" steps on the
# kiosk's chip (the sim device named "kiosk") and logs when each began.
play() { python3 "$KIOSK_REPO/Tests/kernel/gpio-sim-presses.py" "$GPIO_SIM_CONFIG/kiosk" "$@"; }
# tap OFFSET MS: a press of that length.
tap() { play press "$1" sleep "$2" release "$1"; }

# line_holder CHIP OFFSET: the consumer the kernel lists for the line in debugfs, or
# nothing when it is free. debugfs numbers lines globally, so the line is found by its
# name (every simulated line is named GPIO<offset>): " gpio-N (GPIO17 |weather-kiosk ) in hi".
line_holder() {
    awk -v chip="$1" -v name="GPIO$2" '
        /^gpiochip[0-9]+:/ { inside = ($1 == chip ":"); next }
        inside && /\(/ {
            field = substr($0, index($0, "(") + 1)
            field = substr(field, 1, index(field, ")") - 1)
            split(field, parts, "|")
            gsub(/ +$/, "", parts[1]); gsub(/ +$/, "", parts[2])
            if (parts[1] == name) { print parts[2]; exit }
        }
    ' /sys/kernel/debug/gpio
}

# wait_for_holder CHIP OFFSET PID: waits (20 s at most) until process PID holds the line.
wait_for_holder() {
    local deadline=$((SECONDS + 20)) chip=$1
    while ((SECONDS < deadline)); do
        [[ $(line_holder "$chip" "$2") == weather-kiosk* ]] && return 0
        kill -0 "$3" 2>/dev/null || { echo "process $3 ended before it held $chip line $2"; return 1; }
        sleep 0.1
    done
    echo "line $2 of $chip is not held by weather-kiosk after 20 s (holder: $(line_holder "$chip" "$2"))"
    return 1
}

# with_binary BINARY FUNCTION [ARGUMENT...]: runs a check with another weather-kiosk.
with_binary() {
    [[ -x $1 ]] || { echo "no weather-kiosk binary at \"$1\""; return 1; }
    KIOSK_BINARY=$1
    shift
    "$@"
}

# --- the buttons verb on the simulated chip --------------------------------------------

# start_gpio_buttons CHIP [TOML_LINE...]: the config (the Pi 4 profile's buttons, long press
# at 800 ms, the default 30 ms debounce, plus the lines given), then `weather-kiosk buttons` in the
# background until it holds GPIO17 on CHIP; BUTTONS is its pid, its output in
# $TMPDIR/buttons.* (so printed_gestures and stop_buttons of checks-input.sh apply).
start_gpio_buttons() {
    local chip=$1 line
    shift
    write_config || return 1
    {
        printf '\n[buttons]\nlong_press_ms = 800\n'
        for line in "$@"; do printf '%s\n' "$line"; done
    } >>/run/kiosk/config.toml
    "$KIOSK_BINARY" buttons --config /run/kiosk/config.toml >"$TMPDIR/buttons.out" \
        2>"$TMPDIR/buttons.err" &
    BUTTONS=$!
    wait_for_holder "$chip" 17 "$BUTTONS" || { cat "$TMPDIR/buttons.out" "$TMPDIR/buttons.err"; return 1; }
}

# expect_gestures EXPECTED: stops the verb and compares what it printed.
expect_gestures() {
    local printed
    printed=$(printed_gestures)
    stop_buttons
    [[ $printed == "$1" ]] || { echo "gestures: ${printed:-none}; expected $1"; return 1; }
}

fresh_kiosk_chip() {
    remove_sim_chips || return 1
    KIOSK_CHIP=$(make_sim_chip kiosk "$GPIO_SIM_LABEL") || { echo "$KIOSK_CHIP"; return 1; }
}

# Found by label and names (the Pi 4 profile); short press, long press while held.
gpio_short_and_long() {
    local held summary
    fresh_kiosk_chip && start_gpio_buttons "$KIOSK_CHIP" || return 1
    summary=$(head -n 1 "$TMPDIR/buttons.out")
    echo "buttons said: $summary"
    [[ $summary == "Buttons (gpiod): next = GPIO17 (line 17 of $GPIO_SIM_LABEL), previous = GPIO27 (line 27 of $GPIO_SIM_LABEL), select = GPIO22 (line 22 of $GPIO_SIM_LABEL); pull up; libgpiod "* ]] ||
        { stop_buttons; echo "the summary does not name the three lines on $GPIO_SIM_LABEL"; return 1; }
    play press 17 sleep 120 release 17 sleep 300 press 22 || return 1
    # A long press is reported while the button is still down: wait for it, then release.
    wait_for_gesture "select long"
    held=$(printed_gestures)
    play release 22 sleep 300 press 27 sleep 120 release 27 sleep 300 press 17 sleep 1200 \
        release 17 || return 1
    wait_for_gesture "next long"
    [[ $held == "next short,select long," ]] ||
        { stop_buttons; echo "while GPIO22 was still held, buttons had printed: ${held:-nothing}"; return 1; }
    expect_gestures "next short,select long,previous short,next long,"
}

# Auto-repeat: held next steps every 200 ms after 500 ms, and no short or long follows.
gpio_auto_repeat() {
    local printed
    fresh_kiosk_chip && start_gpio_buttons "$KIOSK_CHIP" "auto_repeat = true" || return 1
    play press 17 sleep 1300 release 17 sleep 300 press 22 sleep 120 release 22 || return 1
    wait_for_gesture "select short"
    printed=$(printed_gestures)
    echo "held GPIO17 for 1.3 s: $printed"
    [[ $printed =~ ^(next\ repeat,){3,5}select\ short,$ ]] ||
        { stop_buttons; echo "gestures: $printed; expected 3 to 5 next repeats, then select short"; return 1; }
    stop_buttons
}

# Two buttons interleaved: each is its own gesture.
gpio_interleaved() {
    fresh_kiosk_chip && start_gpio_buttons "$KIOSK_CHIP" || return 1
    play press 17 sleep 100 press 27 sleep 100 release 17 sleep 100 release 27 sleep 300 \
        press 22 sleep 100 press 17 sleep 100 release 17 || return 1
    wait_for_gesture "select long"
    play release 22 || return 1
    sleep 0.3
    expect_gestures "next short,previous short,next short,select long,"
}

# Bounces: the pull toggled every few milliseconds, each press shorter than the debounce
# (100 ms here, so that an emulated VM's stretched sleeps stay under it), gives nothing; a
# clean 300 ms press afterwards still counts. The presses' real lengths are checked too:
# a bounce that lasted as long as the debounce would make the check meaningless.
gpio_bounces_ignored() {
    local round bounces=() longest
    fresh_kiosk_chip && start_gpio_buttons "$KIOSK_CHIP" "debounce_ms = 100" || return 1
    for round in 1 2 3 4 5 6; do bounces+=(press 17 sleep 5 release 17 sleep 5); done
    play "${bounces[@]}" press 27 sleep 5 release 27 sleep 500 press 22 sleep 300 \
        release 22 >"$TMPDIR/bounces.txt" || return 1
    cat "$TMPDIR/bounces.txt"
    wait_for_gesture "select short"
    longest=$(sed -n 's/^longest press: //p' "$TMPDIR/bounces.txt")
    tr ' ' '\n' <<<"$longest" | awk -F= '$1 != 22 && $2 >= 100 { slow = 1 } END { exit slow }' || {
        stop_buttons
        echo "a bounce lasted 100 ms or more (longest press: $longest): the VM is too slow for this check"
        return 1
    }
    expect_gestures "select short,"
}

# A BCM offset ("17") counts on the chip with the configured label.
gpio_bcm_offset() {
    fresh_kiosk_chip || return 1
    start_gpio_buttons "$KIOSK_CHIP" 'next = "17"' 'previous = "27"' 'select = "22"' || return 1
    grep -qF "next = line 17 of $GPIO_SIM_LABEL" "$TMPDIR/buttons.out" ||
        { stop_buttons; echo "the summary does not say line 17 of $GPIO_SIM_LABEL"; return 1; }
    tap 27 120 || return 1
    wait_for_gesture "previous short"
    expect_gestures "previous short,"
}

# Another chip made first takes the lower number (gpiochip0 in a fresh VM); the kiosk's
# label still finds its own.
gpio_chip_renumbered() {
    local decoy
    remove_sim_chips || return 1
    decoy=$(make_sim_chip decoy other-gpio) || { echo "$decoy"; return 1; }
    KIOSK_CHIP=$(make_sim_chip kiosk "$GPIO_SIM_LABEL") || { echo "$KIOSK_CHIP"; return 1; }
    echo "decoy \"other-gpio\" is $decoy, \"$GPIO_SIM_LABEL\" is $KIOSK_CHIP"
    ((${decoy#gpiochip} < ${KIOSK_CHIP#gpiochip})) ||
        { echo "expected the decoy to have the lower number"; return 1; }
    start_gpio_buttons "$KIOSK_CHIP" || return 1
    [[ -z $(line_holder "$decoy" 17) ]] || { stop_buttons; echo "the decoy's line 17 is held"; return 1; }
    tap 17 120 || return 1
    wait_for_gesture "next short"
    expect_gestures "next short,"
}

# A line the kernel holds for another consumer: the sentence names it.
gpio_line_busy() {
    local status
    remove_sim_chips || return 1
    KIOSK_CHIP=$(make_sim_chip kiosk "$GPIO_SIM_LABEL" 27 gpio-keys) || { echo "$KIOSK_CHIP"; return 1; }
    echo "line 27 of $KIOSK_CHIP is held by: $(line_holder "$KIOSK_CHIP" 27)"
    write_config || return 1
    kiosk buttons >"$TMPDIR/buttons.out" 2>"$TMPDIR/buttons.err"
    status=$?
    cat "$TMPDIR/buttons.out" "$TMPDIR/buttons.err"
    remove_sim_chips
    echo "buttons exited with status $status"
    [[ $status -eq 1 ]] &&
        grep -qF "Cannot request GPIO27 (line 27 of $GPIO_SIM_LABEL) on /dev/$KIOSK_CHIP: the line is busy, held by \"gpio-keys\"" \
            "$TMPDIR/buttons.err"
}

# The chip goes away while the verb runs (live = 0) and comes back: it says so, recovers
# without a restart, and a press counts again.
gpio_chip_removed_and_back() {
    fresh_kiosk_chip && start_gpio_buttons "$KIOSK_CHIP" || return 1
    tap 17 120 || return 1
    wait_for_gesture "next short"
    echo 0 >"$GPIO_SIM_CONFIG/kiosk/live" || return 1
    wait_for_text "$TMPDIR/buttons.err" "is gone" ||
        { stop_buttons; echo "buttons did not report the removed chip"; return 1; }
    echo 1 >"$GPIO_SIM_CONFIG/kiosk/live" || return 1
    KIOSK_CHIP=$(<"$GPIO_SIM_CONFIG/kiosk/bank0/chip_name")
    wait_for_text "$TMPDIR/buttons.err" "GPIO buttons work again" ||
        { stop_buttons; echo "buttons did not recover when the chip came back"; return 1; }
    wait_for_holder "$KIOSK_CHIP" 17 "$BUTTONS" || { stop_buttons; return 1; }
    tap 17 120 || return 1
    wait_for_gesture "next short,next short"
    expect_gestures "next short,next short,"
}
