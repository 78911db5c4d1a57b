#!/bin/bash
# Reading a register image back from a chip that i2c-stub plays, sourced by the kernel VM's
# checks (vm-checks.sh) and by the system VM's guest (Tests/system/chips-guest.sh, installed
# beside bme280-image.sh), which both verify the BME280's image with it.

# register_image_verify BUS ADDRESS BLOCK...: reads all 256 registers back with one
# i2cdump and compares them with each BLOCK, the name of an array whose first element is
# the first register and the rest its bytes; prints the first mismatch and returns 1 on any
# difference.
register_image_verify() {
    local bus=$1 address=$2 dump row values index value block offset register actual
    shift 2
    dump=$(i2cdump -y "$bus" "$address" b) || return 1
    local -a registers=()
    while read -r row values; do
        [[ $row =~ ^[0-9a-f]0:$ ]] || continue
        index=$((16#${row%0:} * 16))
        for value in ${values:0:47}; do
            # i2cdump prints XX for a byte it could not read.
            if [[ $value =~ ^[0-9a-f]{2}$ ]]; then registers[index]=$((16#$value)); fi
            index=$((index + 1))
        done
    done <<<"$dump"
    for block in "$@"; do
        local -n bytes=$block
        for ((offset = 1; offset < ${#bytes[@]}; offset++)); do
            register=$((bytes[0] + offset - 1))
            actual=${registers[register]:-}
            [[ $actual == $((bytes[offset])) ]] && continue
            if [[ -n $actual ]]; then
                printf 'register 0x%02x reads 0x%02x, expected 0x%02x\n' "$register" "$actual" \
                    "$((bytes[offset]))"
            else
                printf 'register 0x%02x could not be read, expected 0x%02x\n' "$register" \
                    "$((bytes[offset]))"
            fi
            return 1
        done
    done
}
