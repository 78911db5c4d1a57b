# shellcheck shell=bash disable=SC2034  # the names are used by the scripts that source this
# BME680 register image for i2c-stub, sourced by vm-checks.sh.
#
# The calibration is a real chip's (the 42 bytes of pimoroni/bme680-python issue 11, the same
# as Simulator's SimulatedBME680.referenceCalibrationBytes), at 0x8A…0xA0, 0xE1…0xEE and
# 0x00…0x04. The raw values of field 0 (0x1D…0x2D) were chosen for about 21.5 °C, 98765 Pa
# and 45 % with that calibration, and a gas ADC of 400 in range 5, valid and heater
# stable. The expected values below are Bosch's floating-point formulas (BME680 datasheet
# section 3.3 and 3.4) applied to those raw values by a separate Python implementation of
# the datasheet (not the driver's code), in double precision:
#   temperature adc 484786 (0x765b2), pressure adc 348264 (0x55068), humidity adc 19541
#   (0x4c55), gas adc 400 range 5, range_sw_err 0.
# The driver's writes (soft reset 0xE0, ctrl registers 0x5A…0x75) land in registers it does
# not read back, so the stub answers every forced measurement with this same field.

readonly BME680_CALIBRATION_8A=(0x8a
    0x65 0x67 0x03 0x00 0x41 0x8f 0xed 0xd6 0x58 0x00 0x8e 0x1c 0x7f 0xff
    0x2e 0x1e 0x00 0x00 0x97 0xf3 0xb5 0xf6 0x1e)
readonly BME680_CALIBRATION_E1=(0xe1
    0x40 0x54 0x2a 0x00 0x2d 0x14 0x78 0x9c 0xb9 0x65 0x4e 0x9f 0xe2 0x12)
readonly BME680_CALIBRATION_00=(0x00 0x30 0x00 0x11 0x00 0x03)
# meas_status_0 (new_data), gas_index, press msb/lsb/xlsb, temp msb/lsb/xlsb, hum msb/lsb,
# 3 reserved, gas_r msb, gas_r lsb (adc low bits, gas_valid, heat_stab, range), 2 reserved.
readonly BME680_FIELD=(0x1d
    0x80 0x00 0x55 0x06 0x80 0x76 0x5b 0x20 0x4c 0x55 0x00 0x00 0x00 0x64 0x35 0x00 0x00)

readonly BME680_EXPECTED_TEMPERATURE_C=21.4999371770
readonly BME680_EXPECTED_PRESSURE_PA=98765.0351317
readonly BME680_EXPECTED_HUMIDITY_PERCENT=44.9982119507
readonly BME680_EXPECTED_GAS_RESISTANCE_OHM=271154.773493

readonly BME680_CHIP_ID=(0xd0 0x61)
readonly BME680_VARIANT_ID=(0xf0 0x00) # a BME680, not a BME688

# bme680_image_load BUS ADDRESS
# Writes the image with I2C block writes, the chip id and the variant id, and compares
# every byte with one i2cdump.
bme680_image_load() {
    local bus=$1 address=$2 block
    for block in BME680_CALIBRATION_8A BME680_CALIBRATION_E1 BME680_CALIBRATION_00 BME680_FIELD \
        BME680_CHIP_ID BME680_VARIANT_ID; do
        local -n bytes=$block
        i2cset -y "$bus" "$address" "${bytes[@]}" i || return 1
    done
    register_image_verify "$bus" "$address" BME680_CALIBRATION_8A BME680_CALIBRATION_E1 \
        BME680_CALIBRATION_00 BME680_FIELD BME680_CHIP_ID BME680_VARIANT_ID
}
