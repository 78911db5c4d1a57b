# shellcheck shell=bash
# The system VM's checks across boots (sourced by run.sh after checks.sh, with Rome and Oslo
# as favourites): a clean reboot, power cuts at random moments, an upgrade from the signed
# repository over an edited config, a tampered repository refused, and purge. Uses
# run.sh's boot_vm, wait_for_ssh, guest, checks.sh's helpers and repository.sh's checks.

# json_times FILE: every number under a "time" key in FILE, one per line.
json_times() {
    /usr/bin/python3 -c 'import json, sys
def walk(node):
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "time" and isinstance(value, (int, float)):
                print(int(value))
            else:
                walk(value)
    elif isinstance(node, list):
        for value in node:
            walk(value)
walk(json.load(open(sys.argv[1])))' "$1"
}

# state_parses: the config passes `config check`, the state files that exist parse (state
# and forecast cache must exist), and none was moved aside as corrupt.
state_parses() {
    local name
    guest 'weather-kiosk config check' || return 1
    for name in state.json forecasts.json indoor-history.json; do
        if ! guest "cat /var/lib/weather-kiosk/$name" >"$work/$name" 2>/dev/null; then
            [ "$name" = indoor-history.json ] && continue
            echo "/var/lib/weather-kiosk/$name is missing"
            return 1
        fi
        /usr/bin/python3 -m json.tool "$work/$name" >/dev/null ||
            { echo "/var/lib/weather-kiosk/$name does not parse"; return 1; }
    done
    if guest 'ls /var/lib/weather-kiosk' | grep corrupt; then
        echo "the kiosk found a corrupt file and moved it aside"
        return 1
    fi
}

# snapshot: "PAGE CITY-NUMBER RECENT-CITIES" from `status --json`.
snapshot() {
    guest weather-kiosk status --json | /usr/bin/python3 -c 'import json, sys
s = json.load(sys.stdin)
print(s["showing"]["page"], s["showing"].get("city_number") or 0, ",".join(s.get("recent_cities", [])))'
}

# --- a clean reboot -------------------------------------------------------------------
# (The boots happen here, outside `check`, whose command substitution would wait for QEMU.)
boot=1
# boot_again: boots the disk image once more (QEMU has exited) and waits for sshd.
boot_again() {
    boot=$((boot + 1))
    boot_vm "$boot"
    wait_for_ssh 600 || failure "the VM's sshd did not answer after boot $boot (console: $work/console-$boot.log)"
}
guest 'weather-kiosk config set sensor.kind simulated && weather-kiosk config set sensor.interval_seconds 5 &&
    weather-kiosk show 2 >/dev/null && weather-kiosk show 1 >/dev/null && weather-kiosk page hourly >/dev/null' ||
    failure "root could not set up the reboot check (sensor simulated, show 2, show 1, page hourly)"
sleep 15
before_reboot=$(snapshot || true)
guest 'systemctl reboot' >/dev/null 2>&1 || true
wait "$qemu_pid" 2>/dev/null || true
# What the clean stop wrote, read from the disk image while the VM is down: after the boot
# the kiosk's first reading may replace the newest sample (one per 5 minutes), so the file
# read later alone cannot show that the samples were kept.
debugfs -R 'cat /var/lib/weather-kiosk/indoor-history.json' "$work/root.img" \
    >"$work/indoor-history-at-stop.json" 2>/dev/null || true
boot_again
reboot_kept_state() {
    local after
    wait_active 180 || return 1
    sleep 5
    after=$(snapshot) || return 1
    echo "before: $before_reboot; after: $after"
    [ -n "$before_reboot" ] && [ "$before_reboot" = "$after" ] || return 1
    guest 'cat /var/lib/weather-kiosk/indoor-history.json' >"$work/indoor-history.json" ||
        { echo "no indoor-history.json after the reboot"; return 1; }
    # The stop wrote samples from before the reboot, and every 5-minute slot they fill is
    # still filled after it (the history was loaded, not started afresh).
    # (The newest sample may be dated in the last seconds before the stop, after the
    # reboot was asked for: each slot holds its latest reading.)
    json_times "$work/indoor-history-at-stop.json" 2>/dev/null | awk '
        { old++ } END { print old + 0, "indoor samples written at the stop"; exit !(old > 0) }' ||
        return 1
    local lost
    lost=$(comm -23 <(json_times "$work/indoor-history-at-stop.json" | awk '{ print int($1 / 300) }' | sort -u) \
        <(json_times "$work/indoor-history.json" | awk '{ print int($1 / 300) }' | sort -u))
    [ -z "$lost" ] || { echo "5-minute slots lost across the reboot: $lost"; return 1; }
}
check "clean reboot: recent cities, the page shown (hourly of Rome) and the indoor history survive" \
    reboot_kept_state

# --- power cuts -----------------------------------------------------------------------
# A loop of config set, city add and remove and show runs over SSH while QEMU is killed
# with SIGKILL; on the next boot, while the fake Open-Meteo holds every request unanswered,
# the config and state must parse and the kiosk must show a city page with its forecast
# from the cache, exactly as `render` draws it.
cat >"$work/busy-loop" <<'LOOP'
i=0
while :; do
    i=$((i + 1))
    weather-kiosk config set display.cycle_seconds $((3000 + i % 500)) >/dev/null
    weather-kiosk city add --name "Town$i" --lat "4$((i % 10)).5" --lon "1$((i % 10)).25" >/dev/null
    weather-kiosk show $((i % 2 + 1)) >/dev/null
    weather-kiosk city remove 3 >/dev/null
done
LOOP
guest 'cat >/root/busy-loop' <"$work/busy-loop" ||
    failure "could not copy the power cut's loop into the VM"
after_power_cut() {
    local answered page
    wait_active 180 || return 1
    state_parses || return 1
    sleep 5
    guest weather-kiosk status | grep -E '^(Showing|Forecast)' || return 1
    guest weather-kiosk status | grep -q '^Forecast *updated' ||
        { echo "no forecast from the cache on screen"; return 1; }
    read -r page _ <<<"$(showing)"
    case "$page" in
        city | hourly | map) ;;
        *) echo "showing the $page page, not a city's"; return 1 ;;
    esac
    screen_matches_render || return 1
    answered=$(grep -c '^/v1/' "$fake_log" || true)
    echo "requests held: $(grep -c '^held' "$fake_log" || true), forecasts answered: $answered"
    [ "$answered" -eq 0 ]
}
for round in 1 2 3; do
    guest 'sh /root/busy-loop' >/dev/null 2>&1 &
    loop=$!
    delay=$((4 + RANDOM % 16))
    sleep "$delay"
    kill -KILL "$qemu_pid"
    wait "$qemu_pid" 2>/dev/null || true
    kill "$loop" 2>/dev/null || true
    wait "$loop" 2>/dev/null || true
    : >"$fake_log"
    touch "$fake_log.hold"
    boot_again
    check "power cut $round (SIGKILL QEMU $delay s into a config set/city add loop): config and state parse, active, first frame from the cache before any answer from the network" \
        after_power_cut
    rm -f "$fake_log.hold"
done

# --- upgrade, a tampered repository, and purge ----------------------------------------
check "apt upgrade from the signed repository (a newer version published into it) over an edited config.toml: the edit survives, the service restarted, the older version still offered" \
    upgrade_from_repository
check "a tampered InRelease (an attacker's index under the genuine signature) is refused: apt-get update fails naming the signature, nothing newer is offered or fetched" \
    tampered_repository_refused
sed 's/^/    /' "$work/apt-update-tampered.log" 2>/dev/null || true
check "apt purge removes the package, the user and group, the state and the config" \
    guest 'apt-get purge -y -q weather-kiosk </dev/null >/tmp/purge.log 2>&1 || { tail /tmp/purge.log; exit 1; }
        ! getent passwd weather-kiosk && ! getent group weather-kiosk && [ ! -e /var/lib/weather-kiosk ] &&
        [ ! -e /etc/weather-kiosk ] && ! dpkg-query -W weather-kiosk 2>/dev/null | grep -q . &&
        [ "$(systemctl is-active weather-kiosk)" != active ]'
