#!/usr/bin/env bash
# deploy/apt-repository.sh on this machine: the amd64 .deb of a release build published
# into a signed repository with a throwaway key, served on 127.0.0.1 over HTTP, and used
# by apt with a private configuration (the host's apt is not touched): the signature is
# checked against the key named by signed-by (no trusted=yes), a second version is added
# next to the first, and a tampered InRelease, a repository signed by another key and a
# new client facing the tampered one are all refused.
#
#   Tests/deploy/signed-repository.sh [BINARY]    BINARY: a release build (default: build one)
#
# Prints one line per check and "N passed, N failed"; exits 1 when a check failed.
# shellcheck disable=SC2016  # the checks' bash -c scripts take their values as arguments
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
project=$(pwd -P)
# shellcheck source=Tests/deploy/repository-helpers.sh
. "$project/Tests/deploy/repository-helpers.sh"

passed=0
failed=0
check() {
    local name=$1
    shift
    if "$@" >"$scratch/check.out" 2>&1; then
        echo "PASS $name"
        passed=$((passed + 1))
    else
        echo "FAIL $name"
        sed 's/^/     /' "$scratch/check.out" | tail -15
        failed=$((failed + 1))
    fi
}
not() { ! "$@"; }

binary=${1:-}
if [ -z "$binary" ]; then
    swift build -c release --static-swift-stdlib --scratch-path .build-release \
        --product weather-kiosk >&2 || exit 1
    binary=$project/.build-release/release/weather-kiosk
fi
scratch=$(mktemp -d /tmp/weather-kiosk-repository-XXXXXX)
# GnuPG homes in short paths of their own (the agent's socket path has a length limit).
keys=$(mktemp -d /tmp/wk-keys-XXXXXX)
server=""
cleanup() {
    [ -z "$server" ] || kill "$server" 2>/dev/null
    forget_signing_key "$keys/release"
    forget_signing_key "$keys/attacker"
    rm -rf "$scratch" "$keys"
}
trap cleanup EXIT

key=$(make_signing_key "$keys/release" "weather-kiosk test release key") || exit 1
attacker=$(make_signing_key "$keys/attacker" "someone else") || exit 1
publish() { GNUPGHOME=$keys/release "$project/deploy/apt-repository.sh" --key "$key" "$@"; }

# --- the packages: a release's bookworm .deb, the same repacked as a trixie one (indexed
# here, never installed), and newer bookworm versions ---------------------------------
deb_directory=$scratch/deb
first=$(deploy/build-deb.sh --suite bookworm --binary "$binary" --output "$deb_directory" \
    2>"$scratch/build-deb.log") || { cat "$scratch/build-deb.log"; exit 1; }
version=$(dpkg-deb -f "$first" Version)
first_trixie=$deb_directory/trixie.deb
repack_as "$first" "${version%~*}~trixie" "$first_trixie" || exit 1
second=$deb_directory/second.deb
second_version=$(repack_with_revision "$first" 2 "$second") || exit 1
third=$deb_directory/third.deb
third_version=$(repack_with_revision "$first" 3 "$third") || exit 1
pool=pool/bookworm/main/w/weather-kiosk

repository=$scratch/repository
check "apt-repository.sh publishes the bookworm and trixie .debs of $version" \
    publish "$repository" "$first" "$first_trixie"
check "each suite has Release, InRelease, Release.gpg and its amd64 and arm64 indexes; the pool has both .debs" \
    bash -c 'cd "$1" && for suite in bookworm trixie; do
            for file in Release InRelease Release.gpg main/binary-amd64/Packages.xz \
                main/binary-arm64/Packages.gz; do test -s dists/$suite/$file || { echo "no dists/$suite/$file"; exit 1; }; done
        done && test -f "$2/$(basename "$3")" &&
        test -f "pool/trixie/main/w/weather-kiosk/weather-kiosk_${4%~*}~trixie_amd64.deb" &&
        test -s weather-kiosk.gpg && grep -q "BEGIN PGP PUBLIC KEY" weather-kiosk.asc' \
    _ "$repository" "$pool" "$first" "$version"
check "InRelease and Release.gpg verify against the exported public key (gpgv)" \
    bash -c 'for suite in bookworm trixie; do
            gpgv --keyring "$1/weather-kiosk.gpg" "$1/dists/$suite/InRelease" &&
                gpgv --keyring "$1/weather-kiosk.gpg" "$1/dists/$suite/Release.gpg" "$1/dists/$suite/Release" || exit 1
        done' _ "$repository"
check "and not against another key" \
    not bash -c 'GNUPGHOME=$1 gpg --batch --export >"$2/other.gpg" &&
        gpgv --keyring "$2/other.gpg" "$3/dists/bookworm/InRelease"' _ "$keys/attacker" "$scratch" "$repository"
check "bookworm's index lists only the bookworm .deb and trixie's only the trixie one" \
    bash -c 'grep -x "Version: $2" "$1/dists/bookworm/main/binary-amd64/Packages" &&
        ! grep -q "~trixie" "$1/dists/bookworm/main/binary-amd64/Packages" &&
        grep -q "^Version: .*~trixie$" "$1/dists/trixie/main/binary-amd64/Packages" &&
        ! grep -q "~bookworm" "$1/dists/trixie/main/binary-amd64/Packages"' _ "$repository" "$version"
# snapshot DIRECTORY: every file's path and checksum.
snapshot() { (cd "$1" && find . -type f -print0 | sort -z | xargs -0 sha256sum); }
snapshot "$repository" >"$scratch/before-again"
publishes_nothing_new() {
    publish "$repository" "$first" "$first_trixie" && snapshot "$repository" | diff "$scratch/before-again" -
}
check "the same command again changes nothing, byte for byte (not even the signatures)" \
    publishes_nothing_new

# --- refusals of the script itself -----------------------------------------------------
snapshot "$repository" >"$scratch/before-refusals"
repacked=$scratch/other-build.deb
repack_as "$first" "$version" "$repacked" # the same version, other bytes (gzip, not xz)
refused() {
    local expected=$1 output
    shift
    if output=$("$@" 2>&1); then
        echo "accepted: $output"
        return 1
    fi
    printf '%s\n' "$output"
    [ "$(printf '%s\n' "$output" | wc -l)" -eq 1 ] && grep -q "$expected" <<<"$output"
}
check "a different .deb under a version already published is refused in one sentence (bump the version)" \
    refused "already published with other contents.*bump the version" publish "$repository" "$repacked"
check "a short key ID is refused in one sentence" \
    refused "give the whole fingerprint" env GNUPGHOME="$keys/release" \
    deploy/apt-repository.sh --key "${key: -16}" "$repository" "$first"
check "a key that is not in GNUPGHOME is refused in one sentence naming GNUPGHOME" \
    refused "no secret key $attacker in $keys/release" env GNUPGHOME="$keys/release" \
    deploy/apt-repository.sh --key "$attacker" "$repository" "$first"
repack_as "$first" 9.9 "$scratch/nosuite.deb"
check "a .deb whose version names no suite is refused in one sentence" \
    refused "names no suite" publish "$repository" "$scratch/nosuite.deb"
unchanged_since() { snapshot "$repository" | diff "$1" -; }
check "after the refusals the repository is as it was" unchanged_since "$scratch/before-refusals"

# --- apt against it over HTTP ----------------------------------------------------------
# The repository is served through a link, so that the tampered one can take its place.
ln -s repository "$scratch/served"
: >"$scratch/requests.log"
python3 Tests/deploy/repository-server.py --port-file "$scratch/port" "$scratch/served" \
    "$scratch/requests.log" &
server=$!
for _ in $(seq 100); do [ -s "$scratch/port" ] && break; sleep 0.1; done
port=$(cat "$scratch/port" 2>/dev/null) || { echo "the repository server did not start"; exit 1; }
url=http://127.0.0.1:$port

# client NAME: a private apt configuration (its own sources, lists, caches and an empty
# dpkg status) that uses the repository as a Pi would, with the key in signed-by.
client() {
    local directory=$scratch/$1
    mkdir -p "$directory"/etc/{apt.conf.d,preferences.d,sources.list.d,trusted.gpg.d} \
        "$directory"/state/lists/partial "$directory"/cache/archives/partial
    : >"$directory/state/status"
    printf 'deb [signed-by=%s] %s bookworm main\n' "$repository/weather-kiosk.gpg" "$url" \
        >"$directory/etc/sources.list.d/weather-kiosk.list"
    : >"$directory/etc/sources.list"
    cat >"$directory/apt.conf" <<EOF
Dir "$directory/";
Dir::Etc "etc/";
Dir::State "state/";
Dir::State::status "$directory/state/status";
Dir::Cache "cache/";
APT::Architecture "amd64";
APT::Architectures { "amd64"; };
APT::Sandbox::User "root";
Acquire::Languages "none";
Acquire::Retries "0";
EOF
}
# apt_of NAME COMMAND...: apt-get or apt-cache (the command) with that client's configuration.
apt_of() {
    local name=$1
    shift
    APT_CONFIG=$scratch/$name/apt.conf "$@"
}
client pi
# update_cleanly: apt-get update succeeds with neither a warning nor an error, and says
# it fetched the signed InRelease.
update_cleanly() {
    local output
    output=$(apt_of pi apt-get update 2>&1) || { printf '%s\n' "$output"; return 1; }
    printf '%s\n' "$output"
    ! printf '%s\n' "$output" | grep -E '^(W|E):' && grep -q "$url bookworm InRelease" <<<"$output"
}
# policy_is INSTALLED CANDIDATE VERSION...: apt-cache policy weather-kiosk shows them, and
# its version table lists every VERSION from the repository.
policy_is() {
    local output version
    output=$(apt_of pi apt-cache policy weather-kiosk) || return 1
    printf '%s\n' "$output"
    grep -qx "  Installed: $1" <<<"$output" &&
        grep -qx "  Candidate: $2" <<<"$output" || return 1
    shift 2
    for version in "$@"; do
        grep -A1 -F " $version 500" <<<"$output" | grep -F "$url bookworm/main amd64 Packages" >/dev/null ||
            { echo "version $version is not listed from $url"; return 1; }
    done
}
# downloads_as VERSION DEB: apt-get download fetches that version, and it is DEB byte for byte.
downloads_as() {
    local directory=$scratch/pi/download
    rm -rf "$directory" && mkdir -p "$directory" || return 1
    (cd "$directory" && apt_of pi apt-get download "weather-kiosk=$1") || return 1
    cmp "$directory"/weather-kiosk_*.deb "$2"
}

check "apt-get update from $url verifies the InRelease with the signed-by key (no trusted=yes), no warnings" \
    update_cleanly
check "apt-cache policy weather-kiosk: candidate $version from $url bookworm/main" \
    policy_is "(none)" "$version" "$version"
check "apt-get download weather-kiosk fetches the published .deb, byte for byte" \
    downloads_as "$version" "$first"
# fetched_by_hash: apt asked for the index by its checksum (Acquire-By-Hash) and got it,
# and nothing it asked for was missing.
fetched_by_hash() {
    cat "$scratch/requests.log"
    grep -q "^GET /dists/bookworm/main/binary-amd64/by-hash/SHA256/[0-9a-f]\{64\} 200$" \
        "$scratch/requests.log" && ! grep -q " 404$" "$scratch/requests.log"
}
check "apt fetched the index by-hash, and found every file it asked for" fetched_by_hash

check "apt-repository.sh adds $second_version next to $version" publish "$repository" "$second"
check "the pool keeps $version and the index lists both" \
    bash -c 'test -f "$1/$2/$(basename "$3")" && grep -x "Version: $4" "$1/dists/bookworm/main/binary-amd64/Packages" &&
        grep -x "Version: $5" "$1/dists/bookworm/main/binary-amd64/Packages"' \
    _ "$repository" "$pool" "$first" "$version" "$second_version"
check "apt-get update again: verified, no warnings" update_cleanly
check "apt-cache policy: candidate $second_version, and $version still offered" \
    policy_is "(none)" "$second_version" "$second_version" "$version"
check "going back: apt-get download weather-kiosk=$version still fetches the first .deb" \
    downloads_as "$version" "$first"

# --- what apt must refuse --------------------------------------------------------------
# The attacker's copy: the genuine repository with $third_version added and its indexes
# signed with a key the client does not trust (attacker), then its InRelease given the
# new text under the genuine signature.
attacked=$scratch/attacked
cp -a "$repository" "$attacked"
GNUPGHOME=$keys/attacker deploy/apt-repository.sh --key "$attacker" "$attacked" "$third" \
    >"$scratch/attacker.log" 2>&1 || { cat "$scratch/attacker.log"; exit 1; }
# (apt-repository.sh exported the attacker's key as the copy's weather-kiosk.gpg; the client's
# signed-by still names the genuine one, in the genuine repository.)
cp -a "$attacked" "$scratch/other-key"
tamper_in_release "$repository/dists/bookworm/InRelease" "$attacked/dists/bookworm/Release" \
    "$attacked/dists/bookworm/InRelease"
# apt asks with If-Modified-Since, and the stand-in compares whole seconds: on a fast
# machine the attacker's files are written in the second the genuine ones were fetched,
# and would be answered "304 Not Modified" (apt: "Hit"). An attacker serves them as new.
find "$attacked" "$scratch/other-key" -exec touch -h -d "@$(($(date +%s) + 60))" {} +
check "the tampered InRelease differs from the genuine one only in its text (the signature is the genuine one)" \
    bash -c 'diff <(sed -n "/BEGIN PGP SIGNATURE/,\$p" "$1") <(sed -n "/BEGIN PGP SIGNATURE/,\$p" "$2") &&
        ! cmp -s "$1" "$2" && grep -q "Packages" "$2"' _ "$repository/dists/bookworm/InRelease" \
    "$attacked/dists/bookworm/InRelease"

# refused_update: apt-get update names a bad or unverifiable signature and exits non-zero
# with --error-on=any (plain apt-get update warns and keeps the index it had).
refused_update() {
    local client=$1 pattern=$2 output status=0
    output=$(apt_of "$client" apt-get update --error-on=any 2>&1) || status=$?
    printf '%s\n(exit %s)\n' "$output" "$status"
    [ "$status" -ne 0 ] && grep -Eq "$pattern" <<<"$output"
}
ln -sfn attacked "$scratch/served"
check "a tampered InRelease (the new index under the old signature) is refused: BADSIG" \
    refused_update pi 'BADSIG|signatures were invalid'
check "and the client keeps what it had: candidate $second_version, $third_version unknown" \
    bash -c 'policy=$(APT_CONFIG=$1 apt-cache policy weather-kiosk) && printf "%s\n" "$policy" &&
        grep -qx "  Candidate: $2" <<<"$policy" && ! grep -qF "$3" <<<"$policy"' \
    _ "$scratch/pi/apt.conf" "$second_version" "$third_version"
check "the tampered repository's $third_version .deb was never fetched" \
    not grep -F "$(basename "$pool")_$third_version" "$scratch/requests.log"
ln -sfn other-key "$scratch/served"
check "a repository signed by a key other than signed-by's is refused (NO_PUBKEY)" \
    refused_update pi 'NO_PUBKEY|public key is not available|[Mm]issing key'
client newcomer
ln -sfn attacked "$scratch/served"
check "a new client facing the tampered repository gets no index at all (apt-get update fails)" \
    bash -c 'output=$(APT_CONFIG=$1 apt-get update 2>&1); status=$?; printf "%s\n(exit %s)\n" "$output" "$status"
        [ "$status" -ne 0 ] && ! APT_CONFIG=$1 apt-cache show weather-kiosk >/dev/null 2>&1' \
    _ "$scratch/newcomer/apt.conf"
ln -sfn repository "$scratch/served"
check "the genuine repository is used again after the refusals" update_cleanly

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
