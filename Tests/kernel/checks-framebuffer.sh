# shellcheck shell=bash
# The kernel tests' framebuffer checks (sourced by vm-checks.sh inside the VM): vfb is the
# screen, set to 16 or 32 bits per pixel with fbset, and framebuffer-compare.py reads it
# back and compares it with the PNG of the same page.

readonly SCREEN_WIDTH=480 SCREEN_HEIGHT=320

# console_off_the_framebuffer: unbinds fbcon, so that its cursor does not blink over the
# picture (`render --framebuffer` leaves the console alone, as a kiosk image with the
# console elsewhere would); console_on_the_framebuffer binds it again.
console_binding() { # 0|1
    local console
    for console in /sys/class/vtconsole/vtcon*; do
        [[ $(<"$console/name") == *"frame buffer"* ]] || continue
        echo "$1" >"$console/bind" || return 1
        echo "${console##*/} ($(<"$console/name")): bind $(<"$console/bind")"
    done
}
console_off_the_framebuffer() { console_binding 0; }
console_on_the_framebuffer() { console_binding 1; }

# set_depth DEVICE BITS [RGBA]: SCREEN_WIDTHxSCREEN_HEIGHT at BITS per pixel, checked in
# sysfs. RGBA (fbset's channel lengths, "r,g,b,t") picks the layout: vfb gives RGB565 for
# 16 bits without transparency and ARGB1555 with it, whatever the offsets asked for.
set_depth() {
    local sysfs=/sys/class/graphics/${1##*/}
    fbset -fb "$1" -g "$SCREEN_WIDTH" "$SCREEN_HEIGHT" "$SCREEN_WIDTH" "$SCREEN_HEIGHT" "$2" \
        ${3:+-rgba "$3"} || return 1
    [[ $(<"$sysfs/bits_per_pixel") == "$2" &&
        $(<"$sysfs/virtual_size") == "$SCREEN_WIDTH,$SCREEN_HEIGHT" ]] || {
        echo "fbset did not give ${SCREEN_WIDTH}x$SCREEN_HEIGHT at $2 bpp on $1"
        return 1
    }
    fbset -fb "$1" -i | grep -E 'geometry|rgba|LineLength'
}

# scribble DEVICE: random bytes over the whole visible frame, so that nothing left from
# before can pass for the picture.
scribble() {
    local sysfs=/sys/class/graphics/${1##*/}
    head -c $(($(<"$sysfs/stride") * SCREEN_HEIGHT)) /dev/urandom >"$1"
}

# render_matches_png BITS RGBA PAGE: `render --demo --framebuffer` on vfb at BITS per pixel
# in the RGBA layout gives, read back from the device, the picture of `render --demo -o`.
render_matches_png() {
    local bits=$1 rgba=$2 page=$3 device name
    device=$(vfb_device) || { echo "$device"; return 1; }
    console_off_the_framebuffer && set_depth "$device" "$bits" "$rgba" && scribble "$device" ||
        return 1
    write_config || return 1
    name=$page-$bits-${rgba//,/}
    kiosk render --demo --page "$page" --framebuffer "$device" || return 1
    kiosk render --demo --page "$page" --size "${SCREEN_WIDTH}x$SCREEN_HEIGHT" \
        -o "$TMPDIR/$name.png" || return 1
    # Both pictures are kept for a person to look at when the check fails.
    cp "$TMPDIR/$name.png" "$KIOSK_SHARE/logs/"
    head -c $(($(<"/sys/class/graphics/${device##*/}/stride") * SCREEN_HEIGHT)) "$device" \
        >"$KIOSK_SHARE/logs/$name.framebuffer"
    python3 "$KIOSK_REPO/Tests/kernel/framebuffer-compare.py" "$TMPDIR/$name.png" "$device"
}

# rotated_render_matches_png BITS RGBA PAGE DEGREES: with display.rotate = DEGREES,
# `render --demo --framebuffer` lays out a portrait page for the landscape vfb and turns it
# onto the screen; read back, it is the upright portrait PNG that `render --demo -o` writes
# with the same config, turned by framebuffer-compare.py's own rotation.
rotated_render_matches_png() {
    local bits=$1 rgba=$2 page=$3 degrees=$4 device name size
    device=$(vfb_device) || { echo "$device"; return 1; }
    console_off_the_framebuffer && set_depth "$device" "$bits" "$rgba" && scribble "$device" ||
        return 1
    write_config || return 1
    # display.size is the panel's size for `render -o`, which has no framebuffer to ask.
    printf '\n[display]\nrotate = %s\nsize = "%sx%s"\n' "$degrees" "$SCREEN_WIDTH" \
        "$SCREEN_HEIGHT" >>/run/kiosk/config.toml
    name=$page-$bits-${rgba//,/}-rotate$degrees
    kiosk render --demo --page "$page" --framebuffer "$device" || return 1
    kiosk render --demo --page "$page" -o "$TMPDIR/$name.png" 2>"$TMPDIR/render.err" || return 1
    cat "$TMPDIR/render.err"
    size="${SCREEN_WIDTH}x$SCREEN_HEIGHT"
    ((degrees % 180 == 0)) || size="${SCREEN_HEIGHT}x$SCREEN_WIDTH"
    grep -q "($size," "$TMPDIR/render.err" ||
        { echo "render -o did not draw the page at $size"; return 1; }
    cp "$TMPDIR/$name.png" "$KIOSK_SHARE/logs/"
    head -c $(($(<"/sys/class/graphics/${device##*/}/stride") * SCREEN_HEIGHT)) "$device" \
        >"$KIOSK_SHARE/logs/$name.framebuffer"
    python3 "$KIOSK_REPO/Tests/kernel/framebuffer-compare.py" --rotate "$degrees" \
        "$TMPDIR/$name.png" "$device"
}

# comparer_tells_pages_apart OTHER_PNG: the comparison can fail: the frame on vfb (another
# page, from the check before) against OTHER_PNG must be reported as different.
comparer_tells_pages_apart() {
    local device
    device=$(vfb_device) || { echo "$device"; return 1; }
    if python3 "$KIOSK_REPO/Tests/kernel/framebuffer-compare.py" "$TMPDIR/$1" "$device"; then
        echo "framebuffer-compare.py found no difference between two different pages"
        return 1
    fi
    echo "framebuffer-compare.py tells them apart, as it should"
}

# render_refuses_8_bits: at vfb's own 8 bits per pixel (a palette) render says so in one
# sentence naming the device and exits 1.
render_refuses_8_bits() {
    local device status
    device=$(vfb_device) || { echo "$device"; return 1; }
    set_depth "$device" 8 || return 1
    write_config || return 1
    kiosk render --demo --page city --framebuffer "$device" 2>"$TMPDIR/render.err"
    status=$?
    cat "$TMPDIR/render.err"
    echo "exit status $status"
    [[ $status -eq 1 ]] || { echo "expected exit status 1, got $status"; return 1; }
    [[ $(wc -l <"$TMPDIR/render.err") -eq 1 ]] || { echo "expected one line on stderr"; return 1; }
    grep -q "$device.*8-bit" "$TMPDIR/render.err" ||
        { echo "stderr does not name $device and its 8-bit format"; return 1; }
}

# comparer_tells_turns_apart PNG DEGREES: the frame on vfb (PNG's page turned another way,
# from the check before) must not match PNG turned DEGREES: the direction of a turn counts.
comparer_tells_turns_apart() {
    local device
    device=$(vfb_device) || { echo "$device"; return 1; }
    if python3 "$KIOSK_REPO/Tests/kernel/framebuffer-compare.py" --rotate "$2" "$TMPDIR/$1" \
        "$device"; then
        echo "framebuffer-compare.py found no difference between turns of $2° and another"
        return 1
    fi
    echo "framebuffer-compare.py tells the turns apart, as it should"
}
