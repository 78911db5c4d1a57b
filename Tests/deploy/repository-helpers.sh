# shellcheck shell=bash
# What the signed-repository checks share (sourced by Tests/deploy/signed-repository.sh on
# this machine and by Tests/system/run.sh for the arm64 VM): throwaway signing keys, a
# package repacked with a higher version, and an InRelease tampered with.

# make_signing_key DIRECTORY NAME: a new GnuPG home in DIRECTORY with one ed25519 signing
# key without passphrase (a stand-in for the release key); prints its fingerprint.
make_signing_key() {
    mkdir -p "$1" && chmod 0700 "$1"
    GNUPGHOME=$1 gpg --batch --quiet --passphrase '' \
        --quick-gen-key "$2 <test@weather-kiosk.invalid>" ed25519 sign never 2>/dev/null || return 1
    GNUPGHOME=$1 gpg --batch --list-secret-keys --with-colons 2>/dev/null | awk -F: '/^fpr/ { print $10; exit }'
}

# forget_signing_key DIRECTORY: stops the GnuPG home's agent and removes it.
forget_signing_key() {
    [ -d "$1" ] || return 0
    GNUPGHOME=$1 gpgconf --kill gpg-agent 2>/dev/null || true
    rm -rf "$1"
}

# repack_as DEB VERSION OUTPUT: DEB with its Version field set to VERSION (gzip, quickly:
# the contents stay the same build).
repack_as() {
    local unpacked
    unpacked=$(mktemp -d "${TMPDIR:-/tmp}/repack-XXXXXX")
    dpkg-deb -R "$1" "$unpacked/tree" &&
        sed -i "s/^Version: .*/Version: $2/" "$unpacked/tree/DEBIAN/control" &&
        dpkg-deb -Zgzip -z1 --root-owner-group -b "$unpacked/tree" "$3" >/dev/null
    local status=$?
    rm -rf "$unpacked"
    return $status
}

# repack_with_revision DEB REVISION OUTPUT: DEB with its Debian revision -1~SUITE replaced
# by -REVISION~SUITE (a newer version of the same build, as a release would publish);
# prints the new version.
repack_with_revision() {
    local version new
    version=$(dpkg-deb -f "$1" Version) || return 1
    new=${version/-1~/-$2~}
    [ "$new" != "$version" ] || new=${version%~*}+$2~${version##*~}
    repack_as "$1" "$new" "$3" && echo "$new"
}

# tamper_in_release SIGNED RELEASE OUTPUT: what an attacker who cannot sign would serve:
# the clear-signed text SIGNED (a genuine InRelease) with its text replaced by RELEASE
# (a Release listing the attacker's indexes) and its signature kept.
tamper_in_release() {
    {
        sed -n '1,/^$/p' "$1"
        sed 's/^-/- -/' "$2"
        sed -n '/^-----BEGIN PGP SIGNATURE-----$/,$p' "$1"
    } >"$3"
}
