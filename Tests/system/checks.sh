# shellcheck shell=bash
# The system VM's checks (sourced by run.sh once the package is installed in the booted
# VM): one line each, PASS or FAIL and what was checked; run.sh prints the totals.

passed=0
failed=0
pass() {
    passed=$((passed + 1))
    printf 'PASS %s\n' "$*"
}
failure() {
    failed=$((failed + 1))
    printf 'FAIL %s\n' "$*"
}
# check DESCRIPTION COMMAND...: one check; the command's success is the check's, and its
# output is shown (indented) when it fails.
check() {
    local description=$1 output
    shift
    if output=$("$@" 2>&1); then
        pass "$description"
    else
        failure "$description"
        [ -z "$output" ] || printf '%s\n' "$output" | head -15 | sed 's/^/     /'
    fi
}

# wait_active SECONDS: until the unit is active (Type=notify: only after READY=1).
wait_active() {
    local deadline=$(($(date +%s) + $1)) state
    while :; do
        state=$(guest systemctl is-active weather-kiosk || true)
        [ "$state" = active ] && return 0
        if [ "$(date +%s)" -ge "$deadline" ]; then
            echo "systemctl is-active weather-kiosk: $state"
            guest systemctl status --no-pager -n 20 weather-kiosk || true
            return 1
        fi
        sleep 2
    done
}

# The unit's journal has no trace of a call the sandbox refused.
journal_is_clean() {
    local log
    log=$(guest "journalctl -u weather-kiosk -b --no-pager -o cat; journalctl -k -b --no-pager -o cat | grep -E 'audit.*(type=1326|SECCOMP)' || true")
    if printf '%s\n' "$log" | grep -E 'SIGSYS|EPERM|EACCES|[Oo]peration not permitted'; then
        return 1
    fi
}

exposure() {
    local line
    line=$(guest systemd-analyze security --no-pager weather-kiosk.service | tail -1)
    echo "$line"
    awk -v line="$line" 'BEGIN {
        n = split(line, w, " "); for (i = 1; i <= n; i++) if (w[i] ~ /^[0-9]+\.[0-9]+$/) v = w[i]
        exit !(v != "" && v + 0 <= 2.0) }'
}

# same_picture A B: the two pictures are the same pixel for pixel.
same_picture() { /usr/bin/python3 "$project/Tests/system/qemu-tools.py" compare --exact "$1" "$2"; }

# showing: "PAGE SIZE [CITY-NUMBER]" from `status --json`.
showing() {
    guest weather-kiosk status --json | /usr/bin/python3 -c 'import json, sys
s = json.load(sys.stdin)
print(s["showing"]["page"], s["display"]["size"], s["showing"].get("city_number") or "")'
}

# screen_matches_render: QEMU's screendump equals `weather-kiosk render` (in the guest, as
# root, from the same forecast cache) of the page `status` says is shown. The clock on the
# page can turn between the two: a mismatch is tried again twice.
screen_matches_render() {
    local attempt before after page size city arguments
    for attempt in 1 2 3; do
        before=$(showing) || return 1
        monitor screendump "$work/screen.ppm" >/dev/null
        after=$(showing) || return 1
        [ "$before" = "$after" ] || continue
        read -r page size city <<<"$before"
        arguments="--page $page --size $size"
        [ -z "$city" ] || arguments="$arguments --city $city"
        guest "weather-kiosk render $arguments -o /tmp/render.png >/dev/null && cat /tmp/render.png" \
            >"$work/render-$page.png" || return 1
        cp "$work/screen.ppm" "$work/screen-$page.ppm"
        if /usr/bin/python3 "$project/Tests/system/qemu-tools.py" compare \
            "$work/screen.ppm" "$work/render-$page.png"; then
            echo "page $page $city"
            return 0
        fi
        sleep 2
    done
    return 1
}

# The empty page shows this VM's own address: the daemon's frame equals `render --page
# empty` made with the VM's addresses and differs from one made where there are none (a
# fresh network namespace), so a daemon that cannot list addresses fails here.
empty_page_pictures() {
    local size name
    size=$(guest weather-kiosk status --json | /usr/bin/python3 -c \
        'import json, sys; print(json.load(sys.stdin)["display"]["size"])') || return 1
    guest "weather-kiosk render --page empty --size $size -o /tmp/with.png >/dev/null &&
        unshare -n weather-kiosk render --page empty --size $size -o /tmp/without.png >/dev/null &&
        weather-kiosk screenshot -o /tmp/shown.png >/dev/null" || return 1
    for name in with without shown; do
        guest "cat /tmp/$name.png" >"$work/empty-$name.png" || return 1
    done
}

empty_page_shows_address() {
    local attempt
    for attempt in 1 2; do
        empty_page_pictures || return 1
        # A minute that turned between the pictures changes the clock: once more.
        same_picture "$work/empty-shown.png" "$work/empty-with.png" >/dev/null && return 0
    done
    if same_picture "$work/empty-with.png" "$work/empty-without.png" >/dev/null; then
        echo "render draws the same page with and without addresses"
        return 1
    fi
    if same_picture "$work/empty-shown.png" "$work/empty-without.png" >/dev/null; then
        echo "the kiosk's empty page shows no address, like a machine without network" \
            "(see $work/empty-*.png)"
        return 1
    fi
    same_picture "$work/empty-shown.png" "$work/empty-with.png" ||
        { echo "(the clock may have turned: see $work/empty-*.png)"; return 1; }
}

guest_address=$(guest "ip -4 -o addr show scope global | awk '{ print \$4 }' | cut -d/ -f1 | head -1")

# --- as installed, with the config as packaged ---------------------------------------
check "installed from the signed repository: the published version, its .deb fetched from $REPOSITORY_URL's pool, apt-cache policy names the repository" \
    installed_from_repository
check "systemctl is-active weather-kiosk: active under the unit as packaged (Type=notify: READY=1 was sent)" \
    wait_active 120
check "the unit is the packaged one, with no drop-ins" \
    guest 'packaged=$(dpkg -L weather-kiosk | grep "/systemd/system/weather-kiosk.service$") &&
        echo "FragmentPath $(systemctl show -P FragmentPath weather-kiosk), packaged $packaged" &&
        [ "$(systemctl show -P FragmentPath weather-kiosk)" = "$packaged" ] &&
        [ -z "$(systemctl show -P DropInPaths weather-kiosk)" ]'
check "e-paper ready: the service's user is in group spi, and its unit admits spidev (char-spi rw)" \
    guest 'echo "groups: $(id -nG weather-kiosk); DeviceAllow: $(systemctl show -P DeviceAllow weather-kiosk)" &&
        id -nG weather-kiosk | tr " " "\n" | grep -qx spi &&
        systemctl show -P DeviceAllow weather-kiosk | grep -q "char-spi rw"'
check "it reports its state to systemd (STATUS= is set)" \
    guest '[ -n "$(systemctl show -P StatusText weather-kiosk)" ] && systemctl show -P StatusText weather-kiosk'

# --- the test's settings: the fake Open-Meteo, no sensor, a slow page cycle, and no
# indoor page (so that without favourites the kiosk shows only the empty page) ---------
guest 'useradd -m -s /bin/bash -G weather-kiosk alice && useradd -m -s /bin/bash mallory &&
    for user in alice mallory; do
        install -d -m 0700 -o $user -g $user /home/$user/.ssh &&
        install -m 0600 -o $user -g $user /root/.ssh/authorized_keys /home/$user/.ssh/
    done' >/dev/null
guest 'weather-kiosk config set forecast.base_url http://10.0.2.100 &&
    weather-kiosk config set forecast.geocoding_url http://10.0.2.100 &&
    weather-kiosk config set warnings.metalerts_url http://10.0.2.100/metalerts &&
    weather-kiosk config set sensor.kind none &&
    weather-kiosk config set display.cycle_seconds 3600 &&
    weather-kiosk config set display.pages city,hourly,map' >"$work/config-set.log" 2>&1 ||
    failure "root could not set the test's config: $(tail -1 "$work/config-set.log")"
sleep 5

check "the empty page (no favourites) shows the VM's own address $guest_address" \
    empty_page_shows_address
check "the screen (QEMU screendump) equals weather-kiosk render of the page status shows (empty)" \
    screen_matches_render

# --- a user in group weather-kiosk, over SSH -----------------------------------------
# Changing the config takes root (`sudo`, as the empty page says; the file is
# root:weather-kiosk 0640): the group's members get the one sentence that says so.
refused_with_sudo_sentence() {
    local output
    if output=$(as_user alice "$@" 2>&1); then
        echo "alice changed the config without sudo: $output"
        return 1
    fi
    printf '%s\n' "$output"
    printf '%s\n' "$output" | grep -q "run the command with sudo"
}
check "ssh alice (group weather-kiosk): city add without sudo is refused in one sentence naming sudo" \
    refused_with_sudo_sentence weather-kiosk city add --name Rome --lat 41.89 --lon 12.48
# root stands in for sudo (minbase has none).
check "ssh root: city add --name Rome --lat 41.89 --lon 12.48; city add --name Oslo ..." \
    guest 'weather-kiosk city add --name Rome --lat 41.89 --lon 12.48 &&
        weather-kiosk city add --name Oslo --lat 59.91 --lon 10.75'
sleep 8
status_names() {
    local text
    text=$(as_user alice weather-kiosk status) || return 1
    printf '%s\n' "$text"
    printf '%s\n' "$text" | grep -q "$1"
}
check "ssh alice: status names Rome" status_names Rome
check "ssh alice: next" as_user alice weather-kiosk next
check "ssh alice: screenshot -o - (a PNG arrives)" \
    bash -c "ssh ${ssh_options[*]@Q} alice@127.0.0.1 weather-kiosk screenshot -o - >'$work/screenshot.png' &&
        /usr/bin/python3 '$project/Tests/system/qemu-tools.py' png-size '$work/screenshot.png'"
check "ssh alice: config set without sudo is refused in one sentence naming sudo" \
    refused_with_sudo_sentence weather-kiosk config set units.temperature fahrenheit
check "ssh root: config set units.temperature fahrenheit" \
    guest weather-kiosk config set units.temperature fahrenheit
check "the Open-Meteo fake was asked for a forecast (through guestfwd, nothing else reachable)" \
    grep -q '^/v1/forecast' "$fake_log"
check "MET Norway's warnings were asked for Oslo (the fake's MetAlerts: none in effect)" \
    grep -q '^/metalerts/current.json' "$fake_log"
sleep 5
check "the screen (QEMU screendump) equals weather-kiosk render of the page status shows (a city)" \
    screen_matches_render
outsider=$(as_user mallory weather-kiosk status 2>&1) && outsider_status=0 || outsider_status=$?
check "ssh mallory (not in the group): status refused with the sentence docs/troubleshooting.md quotes (exit $outsider_status)" \
    bash -c '[ "$1" -ne 0 ] && printf "%s\n" "$2" | tee /dev/stderr |
        grep -qF "permission denied; add yourself to its group (\`sudo usermod -aG weather-kiosk \$USER\`"' \
    _ "$outsider_status" "$outsider"

# --- after all of it -----------------------------------------------------------------
check "still active, NRestarts=0" \
    guest '[ "$(systemctl is-active weather-kiosk)" = active ] && [ "$(systemctl show -P NRestarts weather-kiosk)" = 0 ]'
check "no SIGSYS, EPERM, EACCES or 'Operation not permitted' in its journal or the kernel's audit" \
    journal_is_clean
check "systemd-analyze security weather-kiosk (live) <= 2.0" exposure
guest "journalctl -u weather-kiosk -b --no-pager" >"$work/journal.log" 2>&1 || true

# Watchdog: with WatchdogSec=10 (a drop-in), a kiosk frozen by SIGSTOP is killed and
# restarted by systemd, and comes back on the same page of the same city.
watchdog_restarts_same_page() {
    local before after pid deadline
    guest 'mkdir -p /run/systemd/system/weather-kiosk.service.d &&
        printf "[Service]\nWatchdogSec=10\n" >/run/systemd/system/weather-kiosk.service.d/watchdog.conf &&
        systemctl daemon-reload && systemctl restart weather-kiosk' || return 1
    wait_active 120 || return 1
    sleep 5
    before=$(showing) || return 1
    pid=$(guest systemctl show -P MainPID weather-kiosk)
    guest "kill -STOP $pid" || return 1
    deadline=$(($(date +%s) + 180))
    until [ "$(guest systemctl show -P NRestarts weather-kiosk)" = 1 ] &&
        [ "$(guest systemctl is-active weather-kiosk)" = active ]; do
        if [ "$(date +%s)" -ge "$deadline" ]; then
            guest systemctl show -p NRestarts -p ActiveState -p SubState -p MainPID weather-kiosk
            return 1
        fi
        sleep 3
    done
    [ "$(guest systemctl show -P MainPID weather-kiosk)" != "$pid" ] || return 1
    sleep 5
    after=$(showing) || return 1
    echo "before: $before; after: $after"
    [ "$before" = "$after" ]
}
check "watchdog: WatchdogSec=10, kill -STOP: restarted (NRestarts=1) on the same page and city" \
    watchdog_restarts_same_page
guest 'rm -f /run/systemd/system/weather-kiosk.service.d/watchdog.conf && systemctl daemon-reload' || true

# The address check can fail: with the unit's address families as they were before
# AF_NETLINK (a drop-in), the kiosk's empty page shows no address.
without_netlink_shows_no_address() {
    guest 'mkdir -p /run/systemd/system/weather-kiosk.service.d &&
        printf "[Service]\nRestrictAddressFamilies=\nRestrictAddressFamilies=AF_UNIX AF_INET AF_INET6\n" \
            >/run/systemd/system/weather-kiosk.service.d/no-netlink.conf &&
        systemctl daemon-reload && weather-kiosk city remove 1 >/dev/null &&
        weather-kiosk city remove 1 >/dev/null && systemctl restart weather-kiosk' || return 1
    wait_active 120 || return 1
    sleep 5
    local attempt
    for attempt in 1 2; do
        empty_page_pictures || return 1
        # A minute that turned between the pictures changes the clock: once more.
        same_picture "$work/empty-shown.png" "$work/empty-without.png" >/dev/null && return 0
    done
    same_picture "$work/empty-shown.png" "$work/empty-without.png" ||
        { echo "(the clock may have turned: see $work/empty-*.png)"; return 1; }
}
check "negative control: without AF_NETLINK the empty page shows no address" \
    without_netlink_shows_no_address
guest 'rm -r /run/systemd/system/weather-kiosk.service.d && systemctl daemon-reload' || true

# --- config edit, refused ------------------------------------------------------------
# An editor that breaks the file (a line that is not TOML): `config edit` must say what is
# wrong and install nothing; the installed file stays byte for byte as it was, and no copy
# is left next to it.
printf '#!/bin/sh\necho "units = = broken" >>"$1"\n' >"$work/break-config"
broken_edit_refused() {
    guest 'cat >/root/break-config && chmod 0755 /root/break-config' <"$work/break-config" || return 1
    guest 'before=$(sha256sum </etc/weather-kiosk/config.toml)
        EDITOR=/root/break-config weather-kiosk config edit </dev/null; status=$?
        echo "exit $status"
        [ "$status" -ne 0 ] && [ "$(sha256sum </etc/weather-kiosk/config.toml)" = "$before" ] &&
            [ "$(ls -A /etc/weather-kiosk)" = config.toml ]' >"$work/config-edit.log" 2>&1
    local status=$?
    cat "$work/config-edit.log"
    [ "$status" -eq 0 ] && grep -q "line" "$work/config-edit.log" &&
        grep -q "was not changed" "$work/config-edit.log"
}
check "ssh root: config edit with an EDITOR that breaks the file is refused (file unchanged, line named)" \
    broken_edit_refused

# --- buttons: a keyboard named like the gpio-key overlay's ------------------------------
# dtoverlay=gpio-key,gpio=17 makes a gpio-keys input device named for its node, button@11
# (17 in hex); a uinput keyboard of that name stands in for it. With the evdev backend and
# buttons.device naming it, KEY_RIGHT (the default next key) shows the next city.
showing_city() {
    guest weather-kiosk status --json | /usr/bin/python3 -c 'import json, sys
s = json.load(sys.stdin)["showing"]
print(s.get("city_number") or 0)'
}
key_right_shows_next_city() {
    local pid before after deadline
    # The keyboard first, so that the restarted kiosk finds it at once (a device that
    # appears later is found by the kiosk's retry, up to a minute on this emulated CPU).
    guest 'rm -f /tmp/press /tmp/keys-done
        setsid sh -c "{ while [ ! -e /tmp/press ]; do sleep 0.2; done
            printf \"press KEY_RIGHT\nsleep 100\nrelease KEY_RIGHT\n\"
            while [ ! -e /tmp/keys-done ]; do sleep 0.2; done; echo quit; } |
            /root/uinput-keys button@11" >/tmp/uinput-keys.log 2>&1 </dev/null &' || return 1
    guest 'weather-kiosk city add --name Rome --lat 41.89 --lon 12.48 >/dev/null &&
        weather-kiosk city add --name Oslo --lat 59.91 --lon 10.75 >/dev/null &&
        weather-kiosk config set buttons.backend evdev && weather-kiosk config set buttons.device button@11 &&
        systemctl restart weather-kiosk' || return 1
    wait_active 120 || return 1
    # Until the kiosk holds the keyboard's event device open.
    pid=$(guest systemctl show -P MainPID weather-kiosk)
    deadline=$(($(date +%s) + 60))
    until guest "ls -l /proc/$pid/fd 2>/dev/null | grep -q /dev/input/event"; do
        if [ "$(date +%s)" -ge "$deadline" ]; then
            echo "the kiosk did not open the button@11 keyboard within 60 s"
            guest 'cat /tmp/uinput-keys.log; cat /proc/bus/input/devices; journalctl -u weather-kiosk -b --no-pager -n 15'
            return 1
        fi
        sleep 2
    done
    before=$(showing_city) || return 1
    guest 'touch /tmp/press' || return 1
    deadline=$(($(date +%s) + 30))
    after=$before
    while [ "$after" = "$before" ] && [ "$(date +%s)" -lt "$deadline" ]; do
        sleep 2
        after=$(showing_city) || return 1
    done
    guest 'touch /tmp/keys-done'
    echo "city before KEY_RIGHT: $before, after: $after"
    [ "$before" -ge 1 ] && [ "$after" = $((before % 2 + 1)) ]
}
check "buttons: evdev backend, a uinput keyboard named button@11 (the gpio-key overlay's name): KEY_RIGHT shows the next city" \
    key_right_shows_next_city
