#!/usr/bin/env bash
# Runs every cross check with one build of weather-kiosk and records what it printed:
#   Tests/cross/record.sh OUTPUT_DIRECTORY BINARY [RUNNER...]
# For each check NAME it writes NAME.out, NAME.err and NAME.code (and any file the check
# makes) into OUTPUT_DIRECTORY. Tests/cross/run.sh calls it for the amd64 build on the
# host and for each arm64 build under qemu-aarch64 in the build chroot, then compares.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1

output=$1
binary=$2
shift 2
runner=("$@")
fixtures=Tests/cross/Fixtures
rm -rf "$output"
mkdir -p "$output"

# check NAME ARGUMENT...: one run of the binary; "@OUT@" in an argument is the output directory.
check() {
    local name=$1 argument arguments=()
    shift
    for argument in "$@"; do arguments+=("${argument//@OUT@/$output}"); done
    "${runner[@]}" "$binary" "${arguments[@]}" >"$output/$name.out" 2>"$output/$name.err" \
        </dev/null
    echo $? >"$output/$name.code"
    # The output directory differs per build: name it the same way in every record.
    sed -i "s|$output|@OUT@|g" "$output/$name.out" "$output/$name.err"
}

check version --version
check config-check config check "$fixtures/kiosk.toml"
check config-broken config check "$fixtures/broken.toml"
check config-show config show --config "$fixtures/kiosk.toml"
check config-get-json config get station.latitude --json --config "$fixtures/kiosk.toml"
check city-list city list --config "$fixtures/kiosk.toml"
check city-list-json city list --json --config "$fixtures/kiosk.toml"
# Published BME280 vectors (shared/fixtures/bme280-vectors.md): raw i2cdump files.
dumps=Tests/DevicesTests/Fixtures
check sensor-decode-v2a sensor decode --json "$dumps/v2a-bme280.i2cdump"
check sensor-decode-v2b sensor decode --json "$dumps/v2b-bme280.i2cdump"
check sensor-decode-v2b-text sensor decode "$dumps/v2b-bme280.i2cdump"
check sensor-decode-v1-verbose sensor decode --verbose "$dumps/v1-bmp280.i2cdump"
check sensor-decode-skipped sensor decode "$dumps/v5-skipped.i2cdump"
# Every page drawn from the bundled demo data; compared as pictures by Tests/cross/run.sh.
for page in city hourly indoor map empty; do
    check "render-$page" render --demo --page "$page" --size 800x480 --theme dark \
        --config "$fixtures/kiosk.toml" -o "@OUT@/render-$page.png"
done
check render-city-small-light render --demo --page city --size 320x240 --theme light \
    --config "$fixtures/kiosk.toml" -o "@OUT@/render-city-small-light.png"
# The 1-bit OLED pages and an LCD's characters, as the modules would show them.
for page in city hourly indoor map; do
    check "render-oled-$page" render --demo --page "$page" --display ssd1306 --size 128x64 \
        --config "$fixtures/kiosk.toml" -o "@OUT@/render-oled-$page.png"
done
check render-lcd-city render --demo --page city --display hd44780 --size 20x4 --terminal \
    --config "$fixtures/kiosk.toml"
