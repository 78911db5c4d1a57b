#!/usr/bin/env bash
# Adds .deb packages to a signed apt repository (made if it does not exist yet), the way
# a Pi owner installs and upgrades weather-kiosk with apt:
#
#   deploy/apt-repository.sh --key FINGERPRINT OUT_DIR DEB...
#
# Each .deb goes to OUT_DIR/pool/SUITE/main/..., its suite taken from its version
# (build-deb.sh makes VERSION-1~bookworm and VERSION-1~trixie). Then, for every suite in
# the pool, apt-ftparchive writes dists/SUITE/main/binary-ARCH/Packages (.gz, .xz, and a
# copy under by-hash/SHA256 so a client never meets an index newer than its Release) and
# dists/SUITE/Release, which gpg signs with the secret key FINGERPRINT from $GNUPGHOME
# (default ~/.gnupg) into InRelease and Release.gpg. The public key is exported beside
# them as weather-kiosk.asc (armoured) and weather-kiosk.gpg (binary, for
# /usr/share/keyrings/).
#
# Idempotent: a .deb already in the pool is left as it is, older versions are never
# removed (a user can pin or go back with apt install weather-kiosk=VERSION), and when
# neither the indexes nor the key changed, the signed files are not rewritten. A .deb of a
# version that is in the pool with other contents is refused: bump the version instead.
# Needs apt-ftparchive (apt-utils), gpg and gpgv (gnupg), dpkg-deb, xz and gzip.
set -euo pipefail

readonly SUITES="bookworm trixie"
readonly ARCHITECTURES="amd64 arm64"

say() { printf 'apt-repository.sh: %s\n' "$*"; }
fail() {
    printf 'apt-repository.sh: %s\n' "$*" >&2
    exit 1
}
usage() {
    echo "usage: $0 --key FINGERPRINT OUT_DIR DEB..." >&2
    exit 2
}

if [ "${1:-}" != --key ] || [ $# -lt 4 ]; then usage; fi
fingerprint=$(printf '%s' "$2" | tr -d ' ' | tr 'a-f' 'A-F')
out=$3
shift 3
case "$fingerprint" in
    *[!0-9A-F]*) fail "--key '$fingerprint' is not a key fingerprint (hex digits only)." ;;
esac
[ ${#fingerprint} -eq 40 ] || [ ${#fingerprint} -eq 64 ] ||
    fail "--key '$fingerprint' is ${#fingerprint} hex digits; give the whole fingerprint" \
        "(40 or 64 digits, as 'gpg --list-secret-keys --with-colons' prints on its fpr line)."

for tool in apt-ftparchive:apt-utils gpg:gnupg gpgv:gpgv dpkg-deb:dpkg xz:xz-utils gzip:gzip; do
    command -v "${tool%%:*}" >/dev/null 2>&1 ||
        fail "'${tool%%:*}' is missing: install it with 'apt-get install ${tool#*:}'" \
            "(deploy/install-deps.sh does)."
done
gnupg_home=${GNUPGHOME:-$HOME/.gnupg}
gpg --batch --list-secret-keys --with-colons "$fingerprint" 2>/dev/null | grep -q '^sec' ||
    fail "there is no secret key $fingerprint in $gnupg_home: import it with" \
        "'gpg --import' (docs/releasing.md says how), or set GNUPGHOME to where it is."

# --- the packages into the pool -------------------------------------------------------
# Every .deb is checked before anything is written.
placed=()
for deb in "$@"; do
    [ -f "$deb" ] || fail "$deb is not a file."
    package=$(dpkg-deb -f "$deb" Package 2>/dev/null) ||
        fail "$deb is not a Debian package (dpkg-deb cannot read its control file)."
    version=$(dpkg-deb -f "$deb" Version)
    architecture=$(dpkg-deb -f "$deb" Architecture)
    suite=${version##*~}
    case " $SUITES " in
        *" $suite "*) ;;
        *) fail "$deb has version $version, which names no suite: build it with" \
            "deploy/build-deb.sh --suite bookworm|trixie (versions end in ~bookworm or ~trixie)." ;;
    esac
    case " $ARCHITECTURES all " in
        *" $architecture "*) ;;
        *) fail "$deb is for $architecture; this repository has $ARCHITECTURES and all." ;;
    esac
    # Debian's pool layout: the first letter of the name (lib* by four), then the name.
    first=${package:0:1}
    case "$package" in lib?*) first=${package:0:4} ;; esac
    path=pool/$suite/main/$first/$package/${package}_${version#*:}_$architecture.deb
    if [ -e "$out/$path" ] && ! cmp -s "$deb" "$out/$path"; then
        fail "$path is already published with other contents; a version is published" \
            "once: bump the version in Sources/KioskCore/Version.swift and build again."
    fi
    placed+=("$deb" "$path")
done

mkdir -p "$out" || fail "cannot make the repository directory $out."
out=$(cd "$out" && pwd -P)
scratch=$(mktemp -d "${TMPDIR:-/tmp}/apt-repository-XXXXXX")
trap 'rm -rf "$scratch"' EXIT
added=0
for ((index = 0; index < ${#placed[@]}; index += 2)); do
    deb=${placed[index]}
    path=${placed[index + 1]}
    if [ -e "$out/$path" ]; then
        say "$path is already in the pool"
        continue
    fi
    mkdir -p "$(dirname "$out/$path")"
    cp "$deb" "$out/$path.partial"
    mv "$out/$path.partial" "$out/$path"
    say "added $path"
    added=$((added + 1))
done

# --- the key --------------------------------------------------------------------------
gpg --batch --armor --export --export-options export-minimal "$fingerprint" >"$scratch/key.asc"
gpg --batch --export --export-options export-minimal "$fingerprint" >"$scratch/key.gpg"
# Where its own InRelease does not verify with the key given, a suite is signed anew.
signed_by_key() { gpgv --keyring "$scratch/key.gpg" "$1" >/dev/null 2>&1; }

# write FILE: standard input to FILE, replacing it in one step (a client reading the
# directory meanwhile sees the old file or the new one).
write() {
    cat >"$1.partial"
    mv "$1.partial" "$1"
}

# --- the indexes and their signatures, suite by suite ----------------------------------
# Checksums: SHA256 only, as in Debian's own archive (apt fetches an index by-hash under
# the strongest checksum the Release lists, so by-hash holds exactly those).
only_sha256=(-o APT::FTPArchive::MD5=false -o APT::FTPArchive::SHA1=false
    -o APT::FTPArchive::SHA512=false)
changed_suites=0
for suite in $SUITES; do
    [ -d "$out/pool/$suite" ] || continue
    dists=$out/dists/$suite
    unchanged=yes
    for architecture in $ARCHITECTURES; do
        index=main/binary-$architecture
        mkdir -p "$scratch/$suite/$index"
        # Paths in Packages are relative to the repository's top (Filename: pool/...).
        (cd "$out" && apt-ftparchive --arch "$architecture" \
            "${only_sha256[@]}" packages "pool/$suite") \
            >"$scratch/$suite/$index/Packages" 2>"$scratch/ftparchive.log" ||
            fail "apt-ftparchive could not index pool/$suite: $(head -1 "$scratch/ftparchive.log")"
        cmp -s "$scratch/$suite/$index/Packages" "$dists/$index/Packages" || unchanged=no
    done
    if [ "$unchanged" = yes ] && [ -f "$dists/InRelease" ] && [ -f "$dists/Release.gpg" ] &&
        signed_by_key "$dists/InRelease" &&
        gpgv --keyring "$scratch/key.gpg" "$dists/Release.gpg" "$dists/Release" >/dev/null 2>&1; then
        say "dists/$suite is up to date and signed by $fingerprint"
        continue
    fi
    for architecture in $ARCHITECTURES; do
        index=main/binary-$architecture
        mkdir -p "$dists/$index/by-hash/SHA256"
        packages=$scratch/$suite/$index/Packages
        gzip -9nc "$packages" >"$packages.gz"
        xz -6c "$packages" >"$packages.xz"
        for file in "$packages" "$packages.gz" "$packages.xz"; do
            # Older by-hash copies stay: a client holding an older Release still finds its files.
            cp "$file" "$dists/$index/by-hash/SHA256/$(sha256sum "$file" | cut -d' ' -f1)"
        done
        for file in Packages Packages.gz Packages.xz; do
            write "$dists/$index/$file" <"$scratch/$suite/$index/$file"
        done
    done
    case "$suite" in
        bookworm) description="weather-kiosk for Debian 12 and Raspberry Pi OS bookworm" ;;
        trixie) description="weather-kiosk for Debian 13 and Raspberry Pi OS trixie" ;;
    esac
    (cd "$dists" && apt-ftparchive \
        -o APT::FTPArchive::Release::Origin=weather-kiosk \
        -o APT::FTPArchive::Release::Label=weather-kiosk \
        -o "APT::FTPArchive::Release::Suite=$suite" \
        -o "APT::FTPArchive::Release::Codename=$suite" \
        -o "APT::FTPArchive::Release::Architectures=$ARCHITECTURES" \
        -o APT::FTPArchive::Release::Components=main \
        -o "APT::FTPArchive::Release::Description=$description" \
        -o APT::FTPArchive::Release::Acquire-By-Hash=yes \
        "${only_sha256[@]}" \
        release .) >"$scratch/$suite-Release" 2>"$scratch/ftparchive.log" ||
        fail "apt-ftparchive could not write dists/$suite/Release: $(head -1 "$scratch/ftparchive.log")"
    signing=(gpg --batch --yes --local-user "$fingerprint" --digest-algo SHA512)
    if ! { "${signing[@]}" --clearsign --output "$scratch/$suite-InRelease" \
        "$scratch/$suite-Release" && "${signing[@]}" --armor --detach-sign \
        --output "$scratch/$suite-Release.gpg" "$scratch/$suite-Release"; } 2>"$scratch/gpg.log"; then
        fail "gpg could not sign dists/$suite/Release with $fingerprint:" \
            "$(grep -v '^gpg: WARNING' "$scratch/gpg.log" | tail -1)" \
            "(a key with a passphrase needs a gpg-agent that has it, or run this interactively)."
    fi
    signed_by_key "$scratch/$suite-InRelease" ||
        fail "gpgv does not accept the InRelease just signed with $fingerprint; is it a signing key?"
    # Release and Release.gpg first, InRelease (what apt asks for first) last.
    write "$dists/Release" <"$scratch/$suite-Release"
    write "$dists/Release.gpg" <"$scratch/$suite-Release.gpg"
    write "$dists/InRelease" <"$scratch/$suite-InRelease"
    say "dists/$suite signed by $fingerprint"
    changed_suites=$((changed_suites + 1))
done
[ -d "$out/dists" ] || fail "no suite to publish: no .deb was given and $out/pool is empty."

cmp -s "$scratch/key.asc" "$out/weather-kiosk.asc" || write "$out/weather-kiosk.asc" <"$scratch/key.asc"
cmp -s "$scratch/key.gpg" "$out/weather-kiosk.gpg" || write "$out/weather-kiosk.gpg" <"$scratch/key.gpg"
say "$out: $added package(s) added, $changed_suites suite(s) signed anew; the key is" \
    "weather-kiosk.gpg (for /usr/share/keyrings/) and weather-kiosk.asc"
