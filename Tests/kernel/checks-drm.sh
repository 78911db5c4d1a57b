# shellcheck shell=bash
# The kernel tests' DRM/KMS checks (sourced by vm-checks.sh inside the VM): the VM has a
# virtio-gpu (or, in the second boot, QEMU's standard VGA for bochs-drm) whose driver is
# loaded here. What the screen shows is read from outside: the check asks run.sh's monitor
# helper for QEMU's `screendump` through the results share and compares it with the
# daemon's `screenshot` (screendump-compare.py). DPMS is read back from the connector's
# sysfs file, hotplug is made by forcing the connector's status off and on in sysfs.

# drm_connector: the first connector's sysfs directory (/sys/class/drm/card0-Virtual-1).
drm_connector() {
    local connector
    for connector in /sys/class/drm/card*-*; do
        [[ -e $connector/status ]] || continue
        echo "$connector"
        return 0
    done
    echo "no DRM connector in /sys/class/drm"
    return 1
}

# load_drm_driver MODULE: loads the DRM driver; its card and a connected connector appear.
load_drm_driver() {
    local deadline=$((SECONDS + 20)) connector
    modprobe "$1" || return 1
    while ((SECONDS < deadline)); do
        connector=$(drm_connector) && [[ $(<"$connector/status") == connected ]] && break
        sleep 0.2
    done
    ls -l /dev/dri
    connector=$(drm_connector) || { echo "$connector"; return 1; }
    echo "${connector##*/}: $(<"$connector/status"), modes: $(head -n 3 "$connector/modes" | tr '\n' ' ')"
    [[ $(<"$connector/status") == connected ]]
}

# screendump NAME: QEMU's picture of the screen in $KIOSK_SHARE/NAME.ppm, asked of run.sh's
# monitor helper through the share (20 s at most).
screendump() {
    local deadline=$((SECONDS + 20))
    rm -f "$KIOSK_SHARE/$1.ppm" "$KIOSK_SHARE/$1.ppm.done"
    echo "$1.ppm" >"$KIOSK_SHARE/screendump.request.tmp"
    mv "$KIOSK_SHARE/screendump.request.tmp" "$KIOSK_SHARE/screendump.request"
    while ((SECONDS < deadline)); do
        [[ -e $KIOSK_SHARE/$1.ppm.done ]] && return 0
        sleep 0.2
    done
    echo "no screendump from the host within 20 s (is run.sh's monitor helper running?)"
    return 1
}

# screen_shows_screenshot NAME: the daemon's `screenshot` is what QEMU shows; a frame drawn
# in between makes it try again, three times at most.
screen_shows_screenshot() {
    local attempt before after
    for attempt in 1 2 3; do
        before=$(status_value display.frame) || return 1
        kiosk screenshot -o "$TMPDIR/$1.png" || return 1
        # A page flip happens on the next vblank: give the screen that long.
        sleep 0.5
        screendump "drm-$1" || return 1
        if python3 "$KIOSK_REPO/Tests/kernel/screendump-compare.py" "$TMPDIR/$1.png" \
            "$KIOSK_SHARE/drm-$1.ppm"; then
            cp "$TMPDIR/$1.png" "$KIOSK_SHARE/logs/drm-$1.png"
            return 0
        fi
        after=$(status_value display.frame) || return 1
        [[ $before != "$after" ]] || break
        echo "frame $before became $after meanwhile (attempt $attempt); again"
    done
    cp "$TMPDIR/$1.png" "$KIOSK_SHARE/logs/drm-$1.png"
    return 1
}

# vt_switch_and_back NAME: with the daemon on tty1's screen, `chvt 2` (which waits until
# the switch is done; the kiosk must release the VT for it) shows tty2: status says so, the
# screen is no longer the kiosk's picture, and doctor finds DRM master free. `chvt 1`: the
# kiosk's picture again.
vt_switch_and_back() {
    local warning
    timeout 20 busybox chvt 2 || { echo "chvt 2 did not finish: the VT was not released"; return 1; }
    local deadline=$((SECONDS + 10))
    while ((SECONDS < deadline)); do
        warning=$(status_value display.warning) && [[ $warning == "Another virtual"* ]] && break
        sleep 0.2
    done
    echo "on tty2: display.warning = $warning"
    [[ $warning == "Another virtual terminal is shown on "* ]] ||
        { echo "the status does not say another VT is shown"; return 1; }
    sleep 0.5
    screendump "drm-$1-tty2" || return 1
    kiosk screenshot -o "$TMPDIR/$1-tty2.png" || return 1
    if python3 "$KIOSK_REPO/Tests/kernel/screendump-compare.py" "$TMPDIR/$1-tty2.png" \
        "$KIOSK_SHARE/drm-$1-tty2.ppm" >/dev/null; then
        echo "on tty2 the screen still shows the kiosk's picture"
        return 1
    fi
    kiosk doctor >"$TMPDIR/doctor-tty2.txt" 2>&1
    grep display "$TMPDIR/doctor-tty2.txt"
    if grep -q "The running kiosk holds" "$TMPDIR/doctor-tty2.txt"; then
        echo "doctor finds the card's DRM master taken while tty2 is shown"
        return 1
    fi
    timeout 20 busybox chvt 1 || { echo "chvt 1 did not finish"; return 1; }
    wait_for_status display.warning null || { echo "the warning stayed after chvt 1"; return 1; }
    screen_shows_screenshot "$1-vt-back" || { echo "the kiosk's picture is not back after chvt 1"; return 1; }
}

# write_drm_config KIND: the daemon's config with display.kind = KIND (drm or auto).
write_drm_config() {
    write_daemon_config /dev/fb0 || return 1
    sed -i "s/^kind = \"framebuffer\"$/kind = \"$1\"/; /^backend = \"evdev\"$/,+1d" \
        /run/kiosk/config.toml || return 1
    sed -i 's/^\[buttons\]$/&\nbackend = "none"/' /run/kiosk/config.toml
}

# auto_picks_the_framebuffer_without_drm: before any DRM driver is loaded, `doctor` with
# display.kind = auto chooses vfb's framebuffer and says why.
auto_picks_the_framebuffer_without_drm() {
    local device
    device=$(vfb_device) || { echo "$device"; return 1; }
    [[ ! -e /dev/dri ]] || { echo "/dev/dri exists already: $(ls /dev/dri)"; return 1; }
    write_drm_config auto || return 1
    sed -i "s|^device = \"/dev/fb0\"$|device = \"$device\"|" /run/kiosk/config.toml
    kiosk doctor >"$TMPDIR/doctor.txt" 2>&1
    cat "$TMPDIR/doctor.txt"
    grep -q "display.kind = auto draws through the framebuffer $device, as there is no DRM card" \
        "$TMPDIR/doctor.txt"
}

# doctor_lists_the_drm_connectors: `doctor` with display.kind = drm lists the card, its
# connector with state and modes, and the one the kiosk would use.
doctor_lists_the_drm_connectors() {
    local connector name
    connector=$(drm_connector) || { echo "$connector"; return 1; }
    name=${connector##*/card[0-9]-}
    write_drm_config drm || return 1
    kiosk doctor >"$TMPDIR/doctor.txt" 2>&1
    cat "$TMPDIR/doctor.txt"
    grep -q "/dev/dri/card[0-9] (.*): $name connected, [0-9]*x[0-9]*@[0-9]*" "$TMPDIR/doctor.txt" &&
        grep -q "The kiosk draws on $name of /dev/dri/card[0-9] at [0-9]*x[0-9]*@[0-9]* (the first connector with a screen" \
            "$TMPDIR/doctor.txt"
}

# night_window_now: a display.night window of twelve hours around now (UTC in the VM).
night_window_now() {
    local minute from to
    minute=$((10#$(date -u +%H) * 60 + 10#$(date -u +%M)))
    from=$(((minute + 1440 - 5) % 1440))
    to=$(((minute + 720) % 1440))
    printf 'night = { from = "%02d:%02d", to = "%02d:%02d", mode = "off" }\n' \
        $((from / 60)) $((from % 60)) $((to / 60)) $((to % 60))
}

# daemon_on_drm KIND: `weather-kiosk run` with display.kind = KIND draws through KMS: the
# status names the connector (and, for auto, why DRM), QEMU's screen is the daemon's
# screenshot, night mode "off" sets the connector's DPMS to Off and waking sets it On with
# the picture back, a connector forced off says "No screen connected" and forced on shows
# the picture again, SIGTERM exits 0.
daemon_on_drm() {
    local kind=$1 connector output status name
    # The boot's driver in the names of the pictures kept in logs/.
    name=${KIOSK_VM_SUITE:-virtio-gpu}-$kind
    connector=$(drm_connector) || { echo "$connector"; return 1; }
    # Whatever a check before left forced, the connector reports its real state.
    echo detect >"$connector/status"
    rm -rf /run/kiosk/state "$TMPDIR/kiosk.log"
    write_drm_config "$kind" || return 1
    "$KIOSK_BINARY" run --config /run/kiosk/config.toml --log "$TMPDIR/kiosk.log" &
    DAEMON=$!
    stop_daemon_on_failure() {
        kill -KILL "$DAEMON" 2>/dev/null
        cat "$TMPDIR/kiosk.log"
        echo "$1"
        return 1
    }
    wait_for_status showing.city Rome && wait_for_status display.error null ||
        stop_daemon_on_failure "the daemon did not show Rome on DRM" || return 1
    output=$(status_value display.output)
    echo "status: display.output = $output"
    [[ $output == "DRM: ${connector##*/card[0-9]-} on /dev/dri/card"* ]] ||
        stop_daemon_on_failure "the status does not name the DRM connector" || return 1
    if [[ $kind == auto ]]; then
        [[ $output == *"display.kind = auto, as a screen is connected to"* ]] ||
            stop_daemon_on_failure "the status does not say why auto chose DRM" || return 1
    fi
    screen_shows_screenshot "$name-rome" ||
        stop_daemon_on_failure "QEMU's screen is not the daemon's frame of Rome" || return 1
    # doctor beside the running kiosk: the card's master is the kiosk itself, not "another
    # program" (it asks the kiosk what it draws on).
    kiosk doctor >"$TMPDIR/doctor-running.txt" 2>&1
    grep display "$TMPDIR/doctor-running.txt"
    grep -q "OK .*display .*The running kiosk holds /dev/dri/card[0-9]: ${connector##*/card[0-9]-} on" \
        "$TMPDIR/doctor-running.txt" && ! grep -q "WARN.*DRM master" "$TMPDIR/doctor-running.txt" ||
        stop_daemon_on_failure "doctor beside the running kiosk does not say the kiosk holds the card" ||
        return 1

    # Night mode off: DPMS Off on the connector; then awake again with the picture.
    sed -i "s/^cycle_seconds = 3600$/&\n$(night_window_now)/" /run/kiosk/config.toml
    kiosk reload >/dev/null || stop_daemon_on_failure "reload failed" || return 1
    wait_for_status display.power off || stop_daemon_on_failure "night mode did not start" ||
        return 1
    sleep 0.5
    echo "night: ${connector##*/} dpms $(<"$connector/dpms")"
    [[ $(<"$connector/dpms") == Off ]] ||
        stop_daemon_on_failure "the connector's DPMS is $(<"$connector/dpms"), not Off" || return 1
    sed -i '/^night = /d' /run/kiosk/config.toml
    kiosk reload >/dev/null || stop_daemon_on_failure "reload failed" || return 1
    wait_for_status display.power on || stop_daemon_on_failure "night mode did not end" ||
        return 1
    sleep 0.5
    echo "day: ${connector##*/} dpms $(<"$connector/dpms")"
    [[ $(<"$connector/dpms") == On ]] ||
        stop_daemon_on_failure "the connector's DPMS is $(<"$connector/dpms"), not On" || return 1
    screen_shows_screenshot "$name-rome-awake" ||
        stop_daemon_on_failure "QEMU's screen is not the daemon's frame after waking" || return 1

    # Hotplug: the connector forced off and on again in sysfs. Debian 12's kernel sends no
    # uevent for that on virtio-gpu or bochs (their connectors are not polled), so a change
    # uevent of the card follows each, as the kernel's own hotplug event would.
    local card=${connector##*/}
    card=/sys/class/drm/${card%%-*}
    echo off >"$connector/status"
    echo change >"$card/uevent"
    local deadline=$((SECONDS + 20)) warning=""
    while ((SECONDS < deadline)); do
        warning=$(status_value display.warning) && [[ $warning == "No screen connected"* ]] &&
            break
        sleep 0.2
    done
    echo "unplugged: display.warning = $warning"
    [[ $warning == "No screen connected to ${connector##*/card[0-9]-} on /dev/dri/card"* ]] ||
        stop_daemon_on_failure "the status does not say no screen is connected" || return 1
    echo on >"$connector/status"
    echo change >"$card/uevent"
    wait_for_status display.warning null ||
        stop_daemon_on_failure "the screen plugged back in was not noticed" || return 1
    screen_shows_screenshot "$name-rome-replugged" ||
        stop_daemon_on_failure "QEMU's screen is not the daemon's frame after the replug" ||
        return 1

    # Another virtual terminal (Ctrl+Alt+F2): the kiosk lets go of DRM master so the
    # console draws, says so in status, and shows its picture again on the way back.
    vt_switch_and_back "$name" || { stop_daemon_on_failure "the VT switch went wrong"; return 1; }

    echo detect >"$connector/status"
    kill -TERM "$DAEMON"
    wait "$DAEMON"
    status=$?
    cat "$TMPDIR/kiosk.log"
    echo "the daemon exited with status $status after SIGTERM"
    [[ $status -eq 0 ]]
}
