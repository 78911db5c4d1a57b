# shellcheck shell=bash
# The system VM's chip checks (sourced by run.sh after checks.sh, with its check helpers):
# the kiosk under the unit as packaged reads the BME280 on i2c-stub, the buttons on the
# gpio-sim chip labelled pinctrl-bcm2711 and draws on vfb, all through the arm64 kernel's
# ioctls. Tests/system/chips.sh built and installed the chips; weather-kiosk-test-chips in
# the guest loaded them at boot. The board profile (raspberry-pi-4) is the shipped one; only
# what differs from a Pi is set, over SSH as a user would: sensor.bus (i2c-stub's bus, 0
# here, where a Pi has 1) and display.device (vfb's /dev/fbN; /dev/fb0 is virtio-gpu's).

# shellcheck source=Tests/kernel/bme280-image.sh
. "$project/Tests/kernel/bme280-image.sh"

# run_chip_checks: all of them (below), once the chips are there.
run_chip_checks() {

read -r chips_bus chips_fb chips_gpiochip <<<"$(guest weather-kiosk-test-chips where)"

# status_json: `status --json` over SSH as alice (group weather-kiosk), into $work.
status_json() { as_user alice weather-kiosk status --json >"$work/status.json"; }

# json_value FILE PATH: one value from a JSON file ("sensor.temperature_c"), or "null".
json_value() {
    /usr/bin/python3 -c 'import json, sys
value = json.load(open(sys.argv[1]))
for key in sys.argv[2].split("."):
    value = value.get(key) if isinstance(value, dict) else None
print(json.dumps(value))' "$1" "$2"
}

# sensor_shows_vector: `sensor --json` (root, as with sudo) gives vector V2b's results.
sensor_shows_vector() {
    guest weather-kiosk sensor --json >"$work/sensor.json" || { cat "$work/sensor.json"; return 1; }
    /usr/bin/python3 "$project/Tests/kernel/expect-json.py" "$work/sensor.json" chip=bme280 \
        temperature_c="$BME280_EXPECTED_TEMPERATURE_C" \
        pressure_pa="$BME280_EXPECTED_PRESSURE_PA" \
        humidity_percent="$BME280_EXPECTED_HUMIDITY_PERCENT"
}

# status_shows_vector: the running kiosk's own reading, from `status --json` (°C, %, Pa),
# is the vector's, with no sensor error.
status_shows_vector() {
    status_json || return 1
    /usr/bin/python3 - "$work/status.json" "$BME280_EXPECTED_TEMPERATURE_C" \
        "$BME280_EXPECTED_PRESSURE_PA" "$BME280_EXPECTED_HUMIDITY_PERCENT" <<'EOF'
import json, sys
sensor = json.load(open(sys.argv[1]))["sensor"]
print(json.dumps(sensor))
temperature, pressure, humidity = (float(v) for v in sys.argv[2:5])
def near(key, expected):
    value = sensor.get(key)
    return isinstance(value, (int, float)) and abs(value - expected) <= 1e-6 * abs(expected)
ok = sensor.get("error") is None and sensor.get("chip") == "bme280"
ok = ok and near("temperature_c", temperature) and near("humidity_percent", humidity)
sys.exit(0 if ok and near("pressure_pa", pressure) else 1)
EOF
}

# vfb_picture OUT.ppm: the frame on vfb, read from the device in the guest, as a PPM.
# vfb at 32 bits keeps red, green and blue in bytes 0, 1 and 2 of each pixel.
vfb_picture() {
    local sysfs=/sys/class/graphics/${chips_fb#/dev/} size stride
    read -r size stride <<<"$(guest "echo \$(cat $sysfs/virtual_size $sysfs/stride)")"
    guest "head -c $((stride * ${size#*,})) $chips_fb" >"$work/vfb.raw" || return 1
    /usr/bin/python3 -c 'import sys
raw = open(sys.argv[1], "rb").read()
width, height, stride = (int(v) for v in sys.argv[2:5])
pixels = bytearray(width * height * 3)
for y in range(height):
    row = raw[y * stride : y * stride + width * 4]
    line = bytearray(width * 3)
    line[0::3], line[1::3], line[2::3] = row[0::4], row[1::4], row[2::4]
    pixels[y * width * 3 : (y + 1) * width * 3] = line
with open(sys.argv[5], "wb") as out:
    out.write(b"P6\n%d %d\n255\n" % (width, height) + pixels)' \
        "$work/vfb.raw" "${size%,*}" "${size#*,}" "$stride" "$1"
}

# vfb_matches_render PAGE [CITY]: the frame on vfb equals `weather-kiosk render` (in the
# guest, from the kiosk's forecast cache) of PAGE at vfb's size; the clock on the page can
# turn in between, so a mismatch is tried again twice.
vfb_matches_render() {
    local page=$1 city=${2:-} attempt arguments="--page $1 --size 640x480"
    [ -z "$city" ] || arguments="$arguments --city $city"
    for attempt in 1 2 3; do
        vfb_picture "$work/vfb-$page$city.ppm" || return 1
        guest "weather-kiosk render $arguments -o /tmp/render.png >/dev/null && cat /tmp/render.png" \
            >"$work/vfb-render-$page$city.png" || return 1
        /usr/bin/python3 "$project/Tests/system/qemu-tools.py" compare \
            "$work/vfb-$page$city.ppm" "$work/vfb-render-$page$city.png" && return 0
        sleep 2
    done
    return 1
}

# indoor_frame_is_the_kiosks: the frame on vfb is the indoor page the kiosk draws with its
# reading: it equals the kiosk's own `screenshot` of it, and not `render --page indoor`,
# which reads no sensor and draws "No reading here" (so a frame without the reading fails).
indoor_frame_is_the_kiosks() {
    local attempt
    [ "$(showing | cut -d' ' -f1)" = indoor ] || { echo "status shows: $(showing)"; return 1; }
    guest "weather-kiosk render --page indoor --size 640x480 -o /tmp/no-reading.png >/dev/null &&
        cat /tmp/no-reading.png" >"$work/vfb-no-reading.png" || return 1
    for attempt in 1 2 3; do
        vfb_picture "$work/vfb-indoor.ppm" || return 1
        as_user alice weather-kiosk screenshot -o - >"$work/vfb-screenshot.png" || return 1
        if /usr/bin/python3 "$project/Tests/system/qemu-tools.py" compare \
            "$work/vfb-indoor.ppm" "$work/vfb-screenshot.png"; then
            if same_picture "$work/vfb-indoor.ppm" "$work/vfb-no-reading.png" >/dev/null; then
                echo "the frame on $chips_fb is the page without a reading"
                return 1
            fi
            return 0
        fi
        sleep 2
    done
    return 1
}

# forecast_requests: how many forecasts the fake Open-Meteo has served.
forecast_requests() { grep -c '^/v1/forecast' "$fake_log" || true; }

# wait_for_status SECONDS PYTHON-CONDITION: until `status --json` (as `s`) meets it.
wait_for_status() {
    local deadline=$(($(date +%s) + $1))
    until status_json && /usr/bin/python3 -c "import json, sys
s = json.load(open(sys.argv[1]))
sys.exit(0 if ($2) else 1)" "$work/status.json"; do
        if [ "$(date +%s)" -ge "$deadline" ]; then
            echo "status --json after $1 s: $(cat "$work/status.json")" | cut -c1-600
            return 1
        fi
        sleep 2
    done
}

# next_press_moves_city: a 150 ms press on GPIO17 (its pull set to pull-down and back)
# moves from city 1 to city 2, in `status` and in the frame on vfb.
next_press_moves_city() {
    # From the first city: the kiosk restores the city shown before its restart (the
    # evdev check in checks.sh left it on the second).
    guest weather-kiosk show 1 >/dev/null || return 1
    wait_for_status 60 's["showing"]["page"] == "city" and s["showing"].get("city_number") == 1' ||
        return 1
    guest weather-kiosk-test-chips press 17 150 || return 1
    wait_for_status 30 's["showing"].get("city_number") == 2' || return 1
    vfb_matches_render city 2
}

# long_select_refreshes: GPIO22 held for 1.5 s (past long_press_ms, 800) fetches the
# forecast again: the fake Open-Meteo is asked once more within 30 s.
long_select_refreshes() {
    local before deadline waits=0
    # Any fetch the config changes started has ended: the count holds still for 6 s.
    before=$(forecast_requests)
    sleep 6
    until [ "$(forecast_requests)" = "$before" ]; do
        waits=$((waits + 1))
        [ "$waits" -lt 10 ] || { echo "the kiosk keeps fetching without a press"; return 1; }
        before=$(forecast_requests)
        sleep 6
    done
    guest weather-kiosk-test-chips press 22 1500 || return 1
    deadline=$(($(date +%s) + 30))
    until [ "$(forecast_requests)" -gt "$before" ]; do
        [ "$(date +%s)" -lt "$deadline" ] || {
            echo "no forecast request within 30 s of the long press ($before before)"
            return 1
        }
        sleep 2
    done
    echo "forecast requests: $before before, $(forecast_requests) after"
}

# sensor_pulled_and_back: i2c-stub unloaded, the kiosk says so (status names the sensor's
# problem); loaded again with the image, the reading comes back; the same process all along.
sensor_pulled_and_back() {
    local pid
    pid=$(guest systemctl show -P MainPID weather-kiosk)
    guest weather-kiosk-test-chips sensor-out || return 1
    wait_for_status 60 's["sensor"].get("error")' || return 1
    echo "while gone: $(json_value "$work/status.json" sensor.error)"
    guest weather-kiosk-test-chips sensor-in || return 1
    wait_for_status 60 's["sensor"].get("error") is None and s["sensor"].get("temperature_c") is not None' ||
        return 1
    status_shows_vector >/dev/null || { echo "back, but not the vector's values"; return 1; }
    [ "$(guest systemctl show -P MainPID weather-kiosk)" = "$pid" ] ||
        { echo "the kiosk's process changed"; return 1; }
    guest '[ "$(systemctl show -P NRestarts weather-kiosk)" = 0 ]'
}

# devices_fenced: the live unit's device filter (the BPF program systemd attached to the
# service's cgroup from DevicePolicy=closed and the DeviceAllow= lines). A root shell moved
# into weather-kiosk.service's own cgroup opens the kiosk's devices and is refused /dev/mem
# and the disk, which the same shell opens outside it: root bypasses users, groups and
# modes, so only the unit's device list can refuse it.
devices_fenced() {
    guest "bash -s $chips_bus $chips_fb $chips_gpiochip" <<'GUEST'
cgroup=/sys/fs/cgroup$(cut -d: -f3 "/proc/$(systemctl show -P MainPID weather-kiosk)/cgroup")
opens() { (exec 3<"$1") 2>/dev/null; }
for device in /dev/mem /dev/vda; do
    opens "$device" || { echo "$device cannot be opened even outside the service"; exit 1; }
done
bash -c 'echo $$ >"$1/cgroup.procs" || exit 1
opens() { (exec 3<"$1") 2>/dev/null; }
status=0
for device in /dev/i2c-$2 $3 /dev/$4 /dev/tty1; do
    if opens "$device"; then echo "admitted: $device"; else echo "REFUSED: $device"; status=1; fi
done
for device in /dev/mem /dev/vda; do
    if opens "$device"; then echo "ADMITTED: $device"; status=1; else echo "refused: $device"; fi
done
exit $status' _ "$cgroup" "$@"
GUEST
}

# doctor_devices_ok: `doctor --json` finds the sensor, the buttons and the display OK.
doctor_devices_ok() {
    guest weather-kiosk doctor --json >"$work/doctor.json"
    /usr/bin/python3 - "$work/doctor.json" <<'PYTHON'
import json, sys
findings = json.load(open(sys.argv[1]))
ok = True
for subject in ("sensor", "buttons", "display"):
    mine = [f for f in findings if f["subject"] == subject]
    for f in mine:
        print(f["level"], subject, f["message"])
    if not mine or mine[0]["level"] != "OK" or any(f["level"] == "FAIL" for f in mine):
        ok = False
sys.exit(0 if ok else 1)
PYTHON
}

# wrong_image_fails: the sensor check can fail: with a wrong temperature register in
# i2c-stub, `sensor --json` is not V2b's.
wrong_image_fails() {
    guest 'weather-kiosk-test-chips sensor-out && weather-kiosk-test-chips sensor-in wrong' ||
        return 1
    if sensor_shows_vector; then
        echo "the sensor check passed with a wrong register image"
        return 1
    fi
}

# --- the chips, loaded at boot --------------------------------------------------------
check "boot: i2c-stub (BME280 V2b at 0x76 on /dev/i2c-$chips_bus), vfb ($chips_fb) and gpio-sim ($chips_gpiochip, pinctrl-bcm2711) loaded" \
    guest 'systemctl is-active weather-kiosk-test-chips >/dev/null &&
        journalctl -u weather-kiosk-test-chips -b -o cat --no-pager | grep -v "^Starting\|^Finished"'

# --- the Pi 4 profile as shipped; over SSH, what differs in this VM -------------------
# The buttons go back to the profile's (gpiod, GPIO17/27/22) from checks.sh's evdev
# keyboard. root stands in for sudo. The sensor is read every 5 s so that the checks do not wait.
guest "weather-kiosk config set sensor.kind bme280 &&
    weather-kiosk config set sensor.bus $chips_bus &&
    weather-kiosk config set sensor.interval_seconds 5 &&
    weather-kiosk config unset buttons.backend && weather-kiosk config unset buttons.device &&
    weather-kiosk config set display.kind framebuffer &&
    weather-kiosk config set display.device $chips_fb &&
    weather-kiosk config set display.pages indoor &&
    weather-kiosk config set units.temperature celsius &&
    weather-kiosk city add --name Rome --lat 41.89 --lon 12.48 &&
    weather-kiosk city add --name Oslo --lat 59.91 --lon 10.75 &&
    systemctl restart weather-kiosk" >"$work/chips-config.log" 2>&1 ||
    failure "root could not set the chips' config: $(tail -1 "$work/chips-config.log")"
wait_active 120 >/dev/null || failure "the kiosk did not come back after the chips' config"
sleep 10

check "ssh root: sensor --json reads vector V2b on /dev/i2c-$chips_bus (config set sensor.bus $chips_bus; a Pi's is 1)" \
    sensor_shows_vector
check "ssh alice: status --json: the running kiosk has a reading" \
    wait_for_status 60 's["sensor"].get("temperature_c") is not None'
check "ssh alice: status --json: temperature, humidity and pressure of V2b, no sensor error" \
    status_shows_vector
check "ssh alice: status shows the reading (27.3 °C · 35 % · 1012 hPa)" \
    bash -c "ssh ${ssh_options[*]@Q} alice@127.0.0.1 weather-kiosk status >'$work/status.txt';
        grep '^Sensor' '$work/status.txt' | grep -F '27.3 °C · 35 % · 1012 hPa'"
check "the indoor page on vfb ($chips_fb, read from the device) is the kiosk's, with the reading" \
    indoor_frame_is_the_kiosks

# --- buttons: the gpio-sim chip labelled pinctrl-bcm2711 ------------------------------
guest 'weather-kiosk config set display.pages city' >/dev/null 2>&1 ||
    failure "root could not set display.pages city"
check "GPIO17 pressed (gpio-sim pull-down for 150 ms): next city, in status and on vfb" \
    next_press_moves_city
check "GPIO22 held 1.5 s (long press): the forecast is fetched again" long_select_refreshes

# --- the sensor pulled away and back --------------------------------------------------
check "i2c-stub unloaded: the kiosk says so; loaded again: V2b again, same process, NRestarts=0" \
    sensor_pulled_and_back

# --- the unit's device list, and doctor -----------------------------------------------
check "DeviceAllow= (live, in the service's cgroup): i2c, gpiochip, fb, tty1 admitted; /dev/mem, /dev/vda refused" \
    devices_fenced
check "ssh root: doctor reports OK for the sensor, the buttons and the display" doctor_devices_ok

check "negative control: with a wrong temperature register the sensor check fails" \
    wrong_image_fails
guest 'weather-kiosk-test-chips sensor-out && weather-kiosk-test-chips sensor-in' >/dev/null ||
    failure "i2c-stub could not be loaded again with the V2b image"

check "still active, NRestarts=0, after the chips' checks" \
    guest '[ "$(systemctl is-active weather-kiosk)" = active ] && [ "$(systemctl show -P NRestarts weather-kiosk)" = 0 ]'
guest "journalctl -u weather-kiosk -b --no-pager" >"$work/journal-chips.log" 2>&1 || true
# Back on the VM's screen (the board profile's kind = "auto": DRM on virtio-gpu) for the
# checks across boots, which compare QEMU's screendump.
guest 'weather-kiosk config set display.kind auto && weather-kiosk config set display.device /dev/fb0 &&
    weather-kiosk config set display.pages city,hourly,map' >/dev/null ||
    failure "root could not put the display back on the VM's screen after the chips' checks"
}

if [ -d "$cache/chips/modules" ]; then
    run_chip_checks
else
    failure "the chips (i2c-stub, vfb, gpio-sim) were not built for $suite's kernel: the sentence above says why; no chip checks ran"
fi
