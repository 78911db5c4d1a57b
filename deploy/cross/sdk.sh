# The Swift SDK steps of deploy/cross-build.sh (the target's Swift libraries, the suite's
# sysroot, the SDK bundle) and the build itself; sourced through steps.sh, not run on its
# own.
# shellcheck shell=bash

debian_keys=/usr/share/keyrings/debian-archive-keyring.gpg

# What the Pi's apt calls the library behind each shared object the binary needs.
package_of_library() {
    case "$1" in
        libcurl.so.4) if [ "$suite" = bookworm ]; then echo libcurl4; else echo libcurl4t64; fi ;;
        libcairo.so.2) echo libcairo2 ;;
        libfreetype.so.6) echo libfreetype6 ;;
        libgpiod.so.2) echo libgpiod2 ;;
        libgpiod.so.3) echo libgpiod3 ;;
        libi2c.so.0) echo libi2c0 ;;
        libdrm.so.2) echo libdrm2 ;;
        libmosquitto.so.1) echo libmosquitto1 ;;
        libstdc++.so.6) echo libstdc++6 ;;
        libgcc_s.so.1) echo libgcc-s1 ;;
        libc.so.6 | libm.so.6 | ld-linux-aarch64.so.1 | ld-linux-x86-64.so.2) echo libc6 ;;
        *) echo "?$1" ;;
    esac
}

# The GCC whose libstdc++ and crt files the suite's sysroot links with.
gcc_version_of_suite() {
    case "$suite" in
        bookworm) echo 12 ;;
        trixie) echo 14 ;;
    esac
}

# The version of the chroot's Swift compiler (Debian's swiftlang package).
chroot_swift_package_version() {
    # shellcheck disable=SC2016  # ${Version} is dpkg-query's, not the shell's
    chroot "$root" dpkg-query -W -f='${Version}' swiftlang
}

# apt-get with a private configuration, inside the chroot.
chroot_apt() {
    local configuration=$1
    shift
    in_chroot_plain env APT_CONFIG="$configuration" DEBIAN_FRONTEND=noninteractive \
        apt-get -q "$@"
}

# --- step 3 ---------------------------------------------------------------------------

# sid's arm64 Swift 6.2.3 modules, static libraries and runtime, the same version as the
# chroot's compiler: swiftlang:arm64 and libswiftlang:arm64, unpacked, not installed.
fetch_swift_arm64() {
    local version swift_tree=$root$cross_dir/swift-arm64 apt_directory=$cross_dir/apt-sid-arm64
    version=$(chroot_swift_package_version)
    if stamp_is swift-arm64 "$swift_recipe $version" && [ -d "$swift_tree/usr" ]; then
        progress "cached in $swift_tree (swiftlang $version)"
        return
    fi
    rm -rf "$swift_tree" "$root$apt_directory"
    write_apt_config "$apt_directory" arm64 "$mirror sid main" "$debian_keys" "$root"
    progress "downloading swiftlang and libswiftlang for arm64 (the chroot has $version)"
    {
        chroot_apt "$apt_directory/apt.conf" update &&
            in_chroot_plain env APT_CONFIG="$apt_directory/apt.conf" sh -c \
                "cd $apt_directory/cache/archives && apt-get -q download swiftlang libswiftlang"
    } >"$cache/swift-arm64-apt.log" 2>&1 ||
        fail "downloading sid's arm64 Swift from $mirror failed (log:" \
            "$cache/swift-arm64-apt.log)."
    # Binary rebuilds (+bN) differ per architecture; the Swift version itself must match.
    local archives=$root$apt_directory/cache/archives arm64_version
    arm64_version=$(dpkg-deb -f "$archives"/swiftlang_*_arm64.deb Version)
    [ "${arm64_version%+b*}" = "${version%+b*}" ] ||
        fail "sid's arm64 swiftlang is $arm64_version but the chroot's compiler is $version;" \
            "remove $cache to start over with sid's current Swift."
    local unpacked=$root$cross_dir/swift-arm64.unpacked
    rm -rf "$unpacked"
    dpkg-deb -x "$archives"/swiftlang_*_arm64.deb "$unpacked"
    dpkg-deb -x "$archives"/libswiftlang_*_arm64.deb "$unpacked"
    # Only what a target needs: modules, static and shared runtime libraries, clang's headers.
    # Not the arm64 host tools, the compiler plugins (host), embedded Swift or PackageDescription.
    local library=usr/libexec/swift/lib
    mkdir -p "$swift_tree/$library"
    for part in swift swift_static clang; do
        [ -d "$unpacked/$library/$part" ] && mv "$unpacked/$library/$part" "$swift_tree/$library/"
    done
    rm -rf "$swift_tree/$library/swift/host" "$swift_tree/$library/swift/embedded" \
        "$swift_tree/$library/swift/pm"
    # libswiftlang's runtime .so files, wherever Debian puts them outside that tree.
    if [ -d "$unpacked/usr/lib" ]; then
        mkdir -p "$swift_tree/usr/lib"
        cp -a "$unpacked/usr/lib/." "$swift_tree/usr/lib/"
        find "$swift_tree/usr/lib" -depth -type d -empty -delete
    fi
    # Debian's 6.2.3 has no lib_Testing_Foundation.so, but this overlay makes every test
    # target that sees Testing and Foundation link it ("unable to find library").
    find "$swift_tree" -name 'Testing.swiftcrossimport' -prune -exec rm -rf {} +
    rm -rf "$unpacked" "$root$apt_directory"
    write_stamp swift-arm64 "$swift_recipe $version"
}

# For amd64 the chroot's own Swift is the target's: its modules, static libraries and
# clang headers, linked (not copied) into a tree like fetch_swift_arm64's.
copy_swift_amd64() {
    local version swift_tree=$root$cross_dir/swift-amd64 library=usr/libexec/swift/lib part
    version=$(chroot_swift_package_version)
    if stamp_is swift-amd64 "$swift_recipe $version" && [ -d "$swift_tree/usr" ]; then
        progress "cached in $swift_tree (swiftlang $version)"
        return
    fi
    rm -rf "$swift_tree"
    mkdir -p "$swift_tree/$library"
    for part in swift swift_static clang; do
        [ -d "$root/$library/$part" ] && cp -al "$root/$library/$part" "$swift_tree/$library/"
    done
    rm -rf "$swift_tree/$library/swift/host" "$swift_tree/$library/swift/embedded" \
        "$swift_tree/$library/swift/pm"
    find "$swift_tree" -name 'Testing.swiftcrossimport' -prune -exec rm -rf {} +
    write_stamp swift-amd64 "$swift_recipe $version"
    progress "$swift_tree (swiftlang $version)"
}

# --- step 4 ---------------------------------------------------------------------------

# The suite's C libraries for the target (with their dependency closure) unpacked into the
# sysroot, plus the target's Swift libraries (hard links to the shared copy).
make_sysroot() {
    local apt_directory=$cross_dir/apt-$suite swift_version gcc_version stamp=sysroot-$suite
    # (arm64 keeps the names it had before amd64 was added, and so its cache.)
    if [ "$arch" != arm64 ]; then
        apt_directory=$apt_directory-$arch
        stamp=$stamp-$arch
    fi
    swift_version=$(chroot_swift_package_version)
    gcc_version=$(gcc_version_of_suite)
    # The package list is part of the key: a library added to it rebuilds the sysroot.
    local key
    key="$sysroot_recipe $swift_version $(echo $sysroot_packages_common | cksum | cut -d' ' -f1)"
    if stamp_is "$stamp" "$key" && [ -d "$root$sysroot/usr/lib/$multiarch" ]; then
        progress "cached in $root$sysroot"
        link_merged_usr
        build_glibc_shim
        return
    fi
    rm -rf "$root$bundle" "$root$apt_directory"
    write_apt_config "$apt_directory" "$arch" "$mirror $suite main" "$debian_keys" "$root"
    progress "downloading $suite's $arch libraries"
    # shellcheck disable=SC2086  # the package list is meant to split into words
    {
        chroot_apt "$apt_directory/apt.conf" update &&
            chroot_apt "$apt_directory/apt.conf" install --download-only -y \
                --no-install-recommends $sysroot_packages_common \
                "libgcc-$gcc_version-dev" "libstdc++-$gcc_version-dev"
    } >"$cache/sysroot-$suite-apt.log" 2>&1 ||
        fail "downloading $suite's $arch libraries from $mirror failed (log:" \
            "$cache/sysroot-$suite-apt.log)."
    local archive count=0
    mkdir -p "$root$sysroot"
    for archive in "$root$apt_directory"/cache/archives/*.deb; do
        dpkg-deb -x "$archive" "$root$sysroot"
        count=$((count + 1))
    done
    progress "unpacked $count packages"
    relativize_symlinks "$root$sysroot"
    link_merged_usr
    cp -al "$root$cross_dir/swift-$arch/." "$root$sysroot/"
    # swift-driver looks for swiftrt.o under SDK/usr/lib/swift, not in the resource directory.
    ln -sfn ../libexec/swift/lib/swift "$root$sysroot/usr/lib/swift"
    ln -sfn ../libexec/swift/lib/swift_static "$root$sysroot/usr/lib/swift_static"
    rm -rf "$root$apt_directory"
    build_glibc_shim
    write_stamp "$stamp" "$key"
}

# trixie's libc6 ships the dynamic loader in /usr only and counts on the merged-/usr links
# that base-files makes: qemu -L needs them to find /lib/ld-linux-aarch64.so.1, and the
# linker to follow amd64's libc.so script to /lib64/ld-linux-x86-64.so.2.
link_merged_usr() {
    local directory
    for directory in lib bin sbin lib64; do
        [ -d "$root$sysroot/usr/$directory" ] || continue
        [ -e "$root$sysroot/$directory" ] || ln -s "usr/$directory" "$root$sysroot/$directory"
    done
}

# Absolute symlinks in the sysroot (libm.so -> /lib/aarch64-linux-gnu/libm.so.6) would
# point at the build machine's own files; the linker would then quietly fall back to the
# static libraries. Make each one relative, inside the sysroot.
relativize_symlinks() {
    local top=$1 link target
    find "$top" -type l -lname '/*' -print0 | while IFS= read -r -d '' link; do
        target=$(readlink "$link")
        ln -sfn "$(realpath -m -s --relative-to="$(dirname "$link")" "$top$target")" "$link"
    done
}

# bookworm's glibc 2.36 lacks symbols that sid's Swift static libraries use (glibc 2.38):
# compile deploy/cross/glibc238compat.c into the sysroot; the toolset links it.
build_glibc_shim() {
    [ "$suite" = bookworm ] || return 0
    local source=$cross_dir/glibc238compat.c object=$cross_dir/glibc238compat-$suite-$arch.o
    cp "$project/deploy/cross/glibc238compat.c" "$root$source"
    in_chroot_plain clang --target="$multiarch" --sysroot="$sysroot" -O2 -fPIC -Wall \
        -Werror -c "$source" -o "$object"
    rm -f "$root$sysroot/usr/lib/$multiarch/libglibc238compat.a"
    in_chroot_plain llvm-ar rcs "$sysroot/usr/lib/$multiarch/libglibc238compat.a" "$object"
    progress "glibc 2.38 compatibility shim built into the sysroot"
}

# --- step 5 ---------------------------------------------------------------------------

write_sdk_bundle() {
    local variant=$root$bundle/$sdk_id linker_options="" test_runner=""
    [ "$suite" = bookworm ] && linker_options=',
  "linker": { "extraCLIOptions": ["-lglibc238compat"] }'
    # arm64 test bundles run under qemu; amd64 ones need no runner.
    [ "$arch" = arm64 ] && test_runner=',
  "testRunner": { "path": "/usr/local/bin/qemu-aarch64-static", "extraCLIOptions": ["-L", "'"$sysroot"'"] }'
    mkdir -p "$variant"
    cat >"$root$bundle/info.json" <<EOF
{
  "schemaVersion": "1.0",
  "artifacts": {
    "$sdk_id": {
      "type": "swiftSDK",
      "version": "$(chroot_swift_package_version)",
      "variants": [
        {
          "path": "$sdk_id",
          "supportedTriples": ["x86_64-unknown-linux-gnu", "x86_64-pc-linux-gnu"]
        }
      ]
    }
  }
}
EOF
    cat >"$variant/swift-sdk.json" <<EOF
{
  "schemaVersion": "4.0",
  "targetTriples": {
    "$target_triple": {
      "sdkRootPath": "sysroot",
      "swiftResourcesPath": "sysroot/usr/lib/swift",
      "swiftStaticResourcesPath": "sysroot/usr/lib/swift_static",
      "toolsetPaths": ["toolset.json"]
    }
  }
}
EOF
    # An empty tool entry would make SwiftPM reject the whole SDK: only write what is used.
    cat >"$variant/toolset.json" <<EOF
{
  "schemaVersion": "1.0",
  "swiftCompiler": { "extraCLIOptions": ["-use-ld=lld"] }$linker_options$test_runner
}
EOF
    progress "$cross_dir/sdk/$sdk_id.artifactbundle (inside the chroot)"
}

# --- steps 7 and 8 --------------------------------------------------------------------

build_release() {
    in_chroot swift build --swift-sdks-path "$cross_dir/sdk" --swift-sdk "$sdk_id" \
        --scratch-path "$scratch" -c release --static-swift-stdlib --product weather-kiosk
}

strip_binary() {
    in_chroot llvm-objcopy --strip-all "$scratch/$target_triple/release/weather-kiosk" \
        "$scratch/weather-kiosk"
}

# The .deb for the suite, from the stripped binary; handed to the user who ran sudo.
package_deb() {
    deb=$("$project/deploy/build-deb.sh" --arch "$arch" --suite "$suite" \
        --binary "$project/$scratch/weather-kiosk")
    if [ -n "${SUDO_UID:-}" ]; then
        chown "$SUDO_UID:${SUDO_GID:-$SUDO_UID}" "$(dirname "$deb")" "$deb"
    fi
    progress "$deb"
}

report_binary() {
    local binary=$project/$scratch/weather-kiosk bytes glibc libraries packages="" library
    bytes=$(stat -c %s "$binary")
    glibc=$(in_chroot llvm-objdump -T "$scratch/weather-kiosk" | grep -o 'GLIBC_[0-9.]*' |
        sort -t. -k2,2n -u | tail -1)
    libraries=$(in_chroot llvm-objdump -p "$scratch/weather-kiosk" |
        awk '$1 == "NEEDED" { print $2 }')
    local unknown=""
    for library in $libraries; do
        case "$(package_of_library "$library")" in
            "?"*) unknown="$unknown $library" ;;
            *) packages="$packages $(package_of_library "$library")" ;;
        esac
    done
    # shellcheck disable=SC2086  # the lists are meant to split into words
    packages=$(printf '%s\n' $packages fonts-dejavu-core | sort -u | tr '\n' ' ')
    printf '\nweather-kiosk for %s (%s): %s\n' "$arch" "$suite" "$binary"
    printf '  %s bytes (%s MB), stripped; needs %s at most and these shared libraries:\n' \
        "$bytes" "$(awk -v b="$bytes" 'BEGIN { printf "%.1f", b / 1048576 }')" "$glibc"
    printf '  %s\n' "$(echo $libraries)"
    if [ "$arch" = arm64 ]; then
        printf '  On the Pi (Raspberry Pi OS %s, 64-bit): sudo apt install %s\n' "$suite" "$packages"
    else
        printf '  On the PC (Debian %s, amd64): sudo apt install %s\n' "$suite" "$packages"
    fi
    [ -z "$unknown" ] ||
        printf '  and the packages that hold%s (not known to this script)\n' "$unknown"
    local machine="the Pi" login=pi@raspberrypi.local
    [ "$arch" = arm64 ] || { machine="the PC"; login=you@kiosk-pc.local; }
    printf '\nThe package, with the service, the config and what %s needs as Depends:\n' "$machine"
    printf '  %s\n' "$deb"
    printf '  scp %s %s:\n' "${deb#"$project"/}" "$login"
    printf '  then on %s: sudo apt install ./%s\n' "$machine" "$(basename "$deb")"
}
