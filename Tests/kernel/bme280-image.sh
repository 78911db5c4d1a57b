# shellcheck shell=bash disable=SC2034  # the names are used by the scripts that source this
# BME280 register image for i2c-stub, sourced by vm-checks.sh.
#
# Vector V2b of ../shared/fixtures/bme280-vectors.md (claudiomattera/bme280-rs tests):
# calibration 0x88..0xA1 and 0xE1..0xE7 as published, data registers 0xF7..0xFE as read
# by that crate's blocking tests, status 0 (no conversion running, NVM copy done).
# i2c-stub keeps a 256-byte register file per address, so this is the whole chip.

readonly BME280_CALIBRATION_00=(0x88
    0xb1 0x6f 0x2e 0x6a 0x32 0x00 0xe2 0x8f 0x0a 0xd7 0xd0 0x0b 0x75
    0x1f 0xc5 0xff 0xf9 0xff 0xac 0x26 0x0a 0xd8 0xbd 0x10 0x00 0x4b)
readonly BME280_CALIBRATION_26=(0xe1 0x77 0x01 0x00 0x12 0x20 0x03 0x1e)
# press_msb press_lsb press_xlsb temp_msb temp_lsb temp_xlsb hum_msb hum_lsb
readonly BME280_DATA=(0xf7 0x4f 0x50 0x00 0x84 0x47 0x00 0x60 0x02)

# Bosch double-precision results for V2b (the "Bosch double" column).
readonly BME280_EXPECTED_TEMPERATURE_C=27.3266466219
readonly BME280_EXPECTED_PRESSURE_PA=101233.049865
readonly BME280_EXPECTED_HUMIDITY_PERCENT=34.8512103449

readonly BME280_CHIP_ID=0x60
readonly BMP280_CHIP_ID=0x58

# bme280_image_load BUS ADDRESS CHIP_ID
# Writes the image into the stub with I2C block writes (first element of each array is the
# start register), then the chip id (0xD0), ctrl_hum/ctrl_meas (sleep) and status (0xF3).
bme280_image_load() {
    local bus=$1 address=$2 chip_id=$3 block
    for block in BME280_CALIBRATION_00 BME280_CALIBRATION_26 BME280_DATA; do
        local -n bytes=$block
        i2cset -y "$bus" "$address" "${bytes[@]}" i || return 1
    done
    i2cset -y "$bus" "$address" 0xd0 "$chip_id" b &&
        i2cset -y "$bus" "$address" 0xe0 0x00 b &&
        i2cset -y "$bus" "$address" 0xf2 0x00 b &&
        i2cset -y "$bus" "$address" 0xf3 0x00 b &&
        i2cset -y "$bus" "$address" 0xf4 0x00 b
}

# bme280_image_verify BUS ADDRESS CHIP_ID
# Compares every byte of the image, the chip id and the status with one i2cdump
# (register_image_verify in register-image.sh).
bme280_image_verify() {
    local -a chip_id=(0xd0 "$3") status=(0xf3 0x00)
    register_image_verify "$1" "$2" BME280_CALIBRATION_00 BME280_CALIBRATION_26 BME280_DATA \
        chip_id status
}
