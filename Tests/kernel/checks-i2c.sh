# shellcheck shell=bash
# The kernel tests' module, I2C and sensor checks (sourced by vm-checks.sh inside the VM):
# i2c-stub plays the BME280 at 0x76 with the register image of bme280-image.sh.

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
    # 4 MiB of video memory: vfb's 1 MiB default is too small for 32 bpp screens.
    modprobe vfb vfb_enable=1 videomemorysize=$((4 * 1024 * 1024)) || return 1
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

i2c_bme280_image_at_0x76() {
    load_i2c_stub 0x76 && i2c_bme280_image "$BME280_CHIP_ID"
}

i2c_bme280_image() { # CHIP_ID
    local bus
    bus=$(i2c_stub_bus) || return 1
    bme280_image_load "$bus" 0x76 "$1" || return 1
    bme280_image_verify "$bus" 0x76 "$1" || return 1
    echo "BME280 image (vector V2b, chip id $1) reads back from 0x76 on /dev/i2c-$bus"
}

# --- the sensor verbs on i2c-stub ----------------------------------------------------

sensor_reads_vector() {
    write_config || return 1
    kiosk sensor --json >"$TMPDIR/sensor.json" || return 1
    cat "$TMPDIR/sensor.json"
    python3 "$KIOSK_REPO/Tests/kernel/expect-json.py" "$TMPDIR/sensor.json" chip=bme280 \
        temperature_c="$BME280_EXPECTED_TEMPERATURE_C" \
        pressure_pa="$BME280_EXPECTED_PRESSURE_PA" \
        humidity_percent="$BME280_EXPECTED_HUMIDITY_PERCENT"
}

sensor_decodes_i2cdump() {
    local bus
    bus=$(i2c_stub_bus) || return 1
    i2cdump -y "$bus" 0x76 b >"$TMPDIR/dump.txt" || return 1
    timeout 60 "$KIOSK_BINARY" sensor decode "$TMPDIR/dump.txt" --json >"$TMPDIR/decode.json" || return 1
    cat "$TMPDIR/decode.json"
    python3 "$KIOSK_REPO/Tests/kernel/expect-json.py" "$TMPDIR/decode.json" chip=bme280 \
        temperature_c="$BME280_EXPECTED_TEMPERATURE_C" \
        pressure_pa="$BME280_EXPECTED_PRESSURE_PA" \
        humidity_percent="$BME280_EXPECTED_HUMIDITY_PERCENT"
}

sensor_bmp280_has_no_humidity() {
    local bus
    bus=$(i2c_stub_bus) || return 1
    bme280_image_load "$bus" 0x76 "$BMP280_CHIP_ID" || return 1
    kiosk sensor --json >"$TMPDIR/sensor.json" || return 1
    cat "$TMPDIR/sensor.json"
    python3 "$KIOSK_REPO/Tests/kernel/expect-json.py" "$TMPDIR/sensor.json" chip=bmp280 \
        temperature_c="$BME280_EXPECTED_TEMPERATURE_C" \
        pressure_pa="$BME280_EXPECTED_PRESSURE_PA" humidity_percent=null dew_point_c=null
}

sensor_no_answer_elsewhere() {
    local bus status
    load_i2c_stub 0x77 && bus=$(i2c_stub_bus) || return 1
    bme280_image_load "$bus" 0x77 "$BME280_CHIP_ID" || return 1
    write_config || return 1
    kiosk sensor --json >"$TMPDIR/sensor.json" 2>"$TMPDIR/sensor.err"
    status=$?
    cat "$TMPDIR/sensor.json" "$TMPDIR/sensor.err"
    echo "exit status $status"
    [[ $status -eq 1 ]] || { echo "expected exit status 1, got $status"; return 1; }
    [[ $(wc -l <"$TMPDIR/sensor.err") -eq 1 ]] || { echo "expected one line on stderr"; return 1; }
    grep -q "^Nothing answers at 0x76 on /dev/i2c-$bus: .*or try address 0x77" "$TMPDIR/sensor.err" ||
        { echo "stderr is not the \"Nothing answers at 0x76 on /dev/i2c-$bus\" sentence"; return 1; }
    [[ ! -s $TMPDIR/sensor.json ]] || { echo "printed a reading on stdout"; return 1; }
}


# doctor's display check with an LCD configured on the stub's bus: the stub (at 0x77 by
# now) acknowledges its address; at 0x27 nothing does, and the line says so and what to do.
doctor_probes_the_display() {
    local bus
    bus=$(i2c_stub_bus) && write_config || return 1
    cat >>/run/kiosk/config.toml <<EOF

[forecast]
base_url = "http://127.0.0.1:9"

[display]
kind = "hd44780"
bus = $bus
address = 0x77
EOF
    kiosk doctor >"$TMPDIR/doctor.out" 2>&1
    grep display "$TMPDIR/doctor.out"
    grep -q "^OK  *display  *hd44780 answers at 0x77 on /dev/i2c-$bus\.$" "$TMPDIR/doctor.out" ||
        { echo "no OK line for the display at 0x77"; return 1; }
    sed -i 's/^address = 0x77$/address = 0x27/' /run/kiosk/config.toml
    kiosk doctor >"$TMPDIR/doctor.out" 2>&1
    grep display "$TMPDIR/doctor.out"
    grep -q "^FAIL  *display  *Nothing answers at 0x27 on /dev/i2c-$bus: .*i2cdetect -y $bus" \
        "$TMPDIR/doctor.out" || { echo "no 'Nothing answers at 0x27' line"; return 1; }
}

# --- the Inky's identity EEPROM on i2c-stub ------------------------------------------

# doctor_reads_the_inky_eeprom: an Inky Impression 5.7"'s 29 identity bytes at 0x50 (as
# Pimoroni's tool writes them: width, height little-endian, colour 5, PCB 1.2, display
# variant 14, a length-prefixed time), and `doctor` with display.kind = "inky" names the
# panel through the real /dev/i2c-N. Before that the stub holds zeros: a blank EEPROM is
# one FAIL line. i2c-stub keeps a register file, not a 24LC32's 16-bit address pointer, so
# the kiosk's pointer write (0x00 0x00) lands in byte 0: the stub then reads 512 wide, where
# an EEPROM would still say 600; the panel comes from the display variant.
doctor_reads_the_inky_eeprom() {
    local bus written
    load_i2c_stub 0x50 && bus=$(i2c_stub_bus) && write_config || return 1
    cat >>/run/kiosk/config.toml <<EOF

[forecast]
base_url = "http://127.0.0.1:9"

[display]
kind = "inky"
bus = $bus
device = "/dev/spidev0.0"
EOF
    kiosk doctor >"$TMPDIR/doctor.out" 2>&1
    grep display "$TMPDIR/doctor.out"
    grep -q "^FAIL  *display  *The Inky EEPROM at 0x50 on /dev/i2c-$bus is blank; name the panel" \
        "$TMPDIR/doctor.out" || { echo "no FAIL line for the blank EEPROM"; return 1; }
    written="2026-11-24 12:00:00.0"
    # shellcheck disable=SC2046 # one argument per byte
    i2cset -y "$bus" 0x50 0x00 0x58 0x02 0xc0 0x01 0x05 0x0c 0x0e ${#written} \
        $(printf '%s' "$written" | od -An -tx1 -v | sed 's/[0-9a-f][0-9a-f]/0x&/g') i || return 1
    kiosk doctor >"$TMPDIR/doctor.out" 2>&1
    grep display "$TMPDIR/doctor.out"
    grep -q "^OK  *display  *The Inky EEPROM at 0x50 on /dev/i2c-$bus says [0-9]*x448, display variant 14, PCB 1\.2: Inky Impression 5\.7\" (UC8159, 600x448, 7 colours)\.$" \
        "$TMPDIR/doctor.out" || { echo "no OK line naming the Impression 5.7\""; return 1; }
    grep -q "^FAIL  *display  */dev/spidev0.0, the e-paper panel's SPI device, does not exist" \
        "$TMPDIR/doctor.out" || { echo "no line about the missing /dev/spidev0.0"; return 1; }
    # A pHAT (display variant 10, SSD1608) is named, and refused in one sentence.
    i2cset -y "$bus" 0x50 0x06 0x0a b || return 1
    kiosk doctor >"$TMPDIR/doctor.out" 2>&1
    grep display "$TMPDIR/doctor.out"
    grep -q "^FAIL  *display  *The Inky at 0x50 on /dev/i2c-$bus is display variant 10 .*which weather-kiosk does not drive" \
        "$TMPDIR/doctor.out" || { echo "no FAIL line for display variant 10"; return 1; }
}

# --- the [[sensors]] chips on i2c-stub -----------------------------------------------
# The BME680 is a register file like the BME280, so i2c-stub plays it (bme680-image.sh).
# The Sensirion chips (SHT3x, SHT4x, SCD4x) answer a command with a plain I2C read, which
# i2c-stub (SMBus transfers only) cannot do: what is checked here is the sentence the kiosk
# gives for such an adapter; their frames are tested on the host against Simulator's chips
# and recorded frames (DevicesTests). The DS18B20 has no kernel stub at all (no 1-Wire
# master is simulated by the kernel), so its w1_slave path stays a host test too.

sensor_bme680_image() {
    local bus
    load_i2c_stub 0x77,0x44 && bus=$(i2c_stub_bus) || return 1
    bme680_image_load "$bus" 0x77 || return 1
    write_config bme680 0x77 || return 1
    kiosk sensor --json >"$TMPDIR/sensor.json" || return 1
    cat "$TMPDIR/sensor.json"
    python3 "$KIOSK_REPO/Tests/kernel/expect-json.py" "$TMPDIR/sensor.json" chip=bme680 \
        temperature_c="$BME680_EXPECTED_TEMPERATURE_C" \
        pressure_pa="$BME680_EXPECTED_PRESSURE_PA" \
        humidity_percent="$BME680_EXPECTED_HUMIDITY_PERCENT" \
        gas_resistance_ohm="$BME680_EXPECTED_GAS_RESISTANCE_OHM"
}

# The stub answers at 0x44 (an SHT4x's address) too, since sensor_bme680_image.
sensor_sensirion_on_smbus_only() {
    local bus status sentence
    bus=$(i2c_stub_bus) || return 1
    write_config sht4x 0x44 || return 1
    kiosk sensor >"$TMPDIR/sensor.out" 2>"$TMPDIR/sensor.err"
    status=$?
    cat "$TMPDIR/sensor.out" "$TMPDIR/sensor.err"
    echo "exit status $status"
    [[ $status -eq 1 ]] || { echo "expected exit status 1, got $status"; return 1; }
    sentence="The I2C adapter /dev/i2c-$bus cannot do the plain I2C read (with no register) that the sensor at 0x44 needs: it only does SMBus transfers (EOPNOTSUPP), as i2c-stub does; use a real I2C controller's bus"
    grep -qF "$sentence" "$TMPDIR/sensor.err" ||
        { echo "stderr does not have the SMBus-only sentence"; return 1; }
    ! grep -qi "fatal\|crash\|backtrace" "$TMPDIR/sensor.err" || { echo "it crashed"; return 1; }
    kiosk sensor scan --bus "$bus" >"$TMPDIR/scan.out" 2>&1
    status=$?
    cat "$TMPDIR/scan.out"
    echo "exit status $status"
    [[ $status -eq 0 ]] || { echo "sensor scan exited $status"; return 1; }
    grep -q '^  0x77  BME680 (chip id 0x61)  (kind = "bme680")$' "$TMPDIR/scan.out" ||
        { echo "scan does not name the BME680 at 0x77"; return 1; }
    grep -q "^  0x44  something that is not a supported sensor: .*only does SMBus transfers" \
        "$TMPDIR/scan.out" || { echo "scan does not say why 0x44 is not identified"; return 1; }
}
