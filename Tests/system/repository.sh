# shellcheck shell=bash
# The signed apt repository the system VM installs from (sourced by run.sh): made on this
# machine with deploy/apt-repository.sh and a throwaway key, served to the guest as
# http://10.0.2.101 (a guestfwd that starts Tests/deploy/repository-server.py per
# connection), the stand-in for the published site. The guest adds it as the install docs
# say: the key in /usr/share/keyrings/, a one-line sources entry on bookworm, a deb822
# .sources file on trixie. Uses run.sh's work, deb, suite, say, fail and guest.

# shellcheck source=Tests/deploy/repository-helpers.sh
. "$project/Tests/deploy/repository-helpers.sh"

readonly REPOSITORY_URL=http://10.0.2.101
repository=$work/repository
repository_requests=$work/repository-requests.log
# GnuPG homes in a short path of their own (the agent's socket path has a length limit).
repository_keys=$(mktemp -d /tmp/wk-system-keys-XXXXXX)
repository_key=$(make_signing_key "$repository_keys/release" "weather-kiosk system VM") ||
    fail "gpg could not make the repository's throwaway key."
forget_repository_keys() {
    forget_signing_key "$repository_keys/release"
    forget_signing_key "$repository_keys/attacker"
    rm -rf "$repository_keys"
}

# publish DEB...: adds the .debs to the repository (deploy/apt-repository.sh).
publish() {
    GNUPGHOME=$repository_keys/release "$project/deploy/apt-repository.sh" \
        --key "$repository_key" "$repository" "$@" >>"$work/apt-repository.log" 2>&1 ||
        { tail -3 "$work/apt-repository.log"; return 1; }
}
publish "$deb" || fail "deploy/apt-repository.sh could not publish $deb_name (log: $work/apt-repository.log)."
# The guest is served through this link, so that a check can put another repository there.
ln -sfn repository "$work/served"
: >"$repository_requests"
# The guestfwd for run.sh's boot_vm.
repository_forward="guestfwd=tcp:10.0.2.101:80-cmd:/usr/bin/python3"
repository_forward="$repository_forward $project/Tests/deploy/repository-server.py --stdio"
repository_forward="$repository_forward $work/served $repository_requests"

# How the install docs add the repository, for this suite.
case "$suite" in
    bookworm)
        sources_file=/etc/apt/sources.list.d/weather-kiosk.list
        sources_text="deb [signed-by=/usr/share/keyrings/weather-kiosk.gpg] $REPOSITORY_URL bookworm main"
        ;;
    trixie)
        sources_file=/etc/apt/sources.list.d/weather-kiosk.sources
        sources_text="Types: deb
URIs: $REPOSITORY_URL
Suites: trixie
Components: main
Signed-By: /usr/share/keyrings/weather-kiosk.gpg"
        ;;
esac
# The VM reaches no Debian mirror (restrict=on): apt-get update asks only the kiosk's
# repository and keeps the Debian indexes the image was made with, whose packages wait in
# the image's apt cache.
repository_update="apt-get update -o Dir::Etc::SourceList=$sources_file -o Dir::Etc::SourceParts=- -o APT::Get::List-Cleanup=0"

# add_repository: the key and the sources entry, as a user adds them (the key copied over
# SSH: the minimal image has no curl).
add_repository() {
    guest 'cat >/usr/share/keyrings/weather-kiosk.gpg && chmod 0644 /usr/share/keyrings/weather-kiosk.gpg' \
        <"$repository/weather-kiosk.gpg" &&
        printf '%s\n' "$sources_text" | guest "cat >$sources_file"
}

# installed_version: what dpkg has installed in the guest.
installed_version() { guest "dpkg-query -W -f '\${Version}' weather-kiosk"; }

# policy_lists INSTALLED CANDIDATE VERSION...: apt-cache policy weather-kiosk in the guest
# says so, and lists each VERSION from the repository.
policy_lists() {
    local output version
    output=$(guest apt-cache policy weather-kiosk) || return 1
    printf '%s\n' "$output"
    grep -qx "  Installed: $1" <<<"$output" &&
        grep -qx "  Candidate: $2" <<<"$output" || return 1
    shift 2
    for version in "$@"; do
        grep -A1 -E " $version 500$" <<<"$output" |
            grep -F "500 $REPOSITORY_URL $suite/main arm64 Packages" >/dev/null ||
            { echo "version $version is not listed from $REPOSITORY_URL"; return 1; }
    done
}

# update_verified LOG: the scoped apt-get update succeeds without a warning or an error.
update_verified() {
    guest "$repository_update" >"$1" 2>&1 || { cat "$1"; return 1; }
    cat "$1"
    ! grep -E '^(W|E):' "$1" && grep -q "$REPOSITORY_URL $suite InRelease" "$1"
}

# fetched PATTERN: the repository server was asked for a path matching PATTERN.
fetched() { grep -E "^GET $1 200$" "$repository_requests"; }

# --- checks (run by checks.sh and checks-life.sh) -------------------------------------

# installed_from_repository: the installed version is the published one, its .deb came from
# the repository's pool, the index came by-hash and nothing apt asked for was missing, and
# apt-cache policy names the repository.
installed_from_repository() {
    local version
    version=$(dpkg-deb -f "$deb" Version)
    echo "installed: $(installed_version)"
    cat "$repository_requests"
    [ "$(installed_version)" = "$version" ] &&
        fetched "/pool/$suite/main/w/weather-kiosk/weather-kiosk_${version}_arm64\.deb" &&
        fetched "/dists/$suite/main/binary-arm64/by-hash/SHA256/[0-9a-f]{64}" &&
        ! grep " 404$" "$repository_requests" &&
        policy_lists "$version" "$version" "$version"
}

# upgrade_from_repository: a newer version (the same build repacked with revision 2)
# published into the same repository reaches the guest through apt-get update and is
# installed as an upgrade over a config edited by hand: the edit survives (a conffile),
# the service restarts, and the first version stays offered (a user can go back).
upgrade_from_repository() {
    local version new before pid
    version=$(dpkg-deb -f "$deb" Version)
    new=$(repack_with_revision "$deb" 2 "$work/upgrade.deb") || return 1
    publish "$work/upgrade.deb" || return 1
    guest 'echo "# edited by hand before the upgrade" >>/etc/weather-kiosk/config.toml' || return 1
    before=$(guest 'sha256sum </etc/weather-kiosk/config.toml')
    pid=$(guest systemctl show -P MainPID weather-kiosk)
    update_verified "$work/apt-update-upgrade.log" >/dev/null ||
        { cat "$work/apt-update-upgrade.log"; return 1; }
    guest 'apt list --upgradable 2>/dev/null' | grep -E "^weather-kiosk/$suite $new arm64 \[upgradable from: $version\]$" ||
        { echo "apt list --upgradable does not offer $new"; guest 'apt list --upgradable'; return 1; }
    guest 'apt-get install --only-upgrade -y -q weather-kiosk </dev/null' \
        >"$work/apt-upgrade.log" 2>&1 || { tail -15 "$work/apt-upgrade.log"; return 1; }
    wait_active 120 || return 1
    echo "$version -> $(installed_version), MainPID $pid -> $(guest systemctl show -P MainPID weather-kiosk)"
    [ "$(installed_version)" = "$new" ] &&
        [ "$(guest 'sha256sum </etc/weather-kiosk/config.toml')" = "$before" ] &&
        [ "$(guest systemctl show -P MainPID weather-kiosk)" != "$pid" ] &&
        guest 'grep -q "^# edited by hand" /etc/weather-kiosk/config.toml' &&
        fetched "/pool/$suite/main/w/weather-kiosk/weather-kiosk_${new}_arm64\.deb" >/dev/null &&
        policy_lists "$new" "$new" "$new" "$version" >/dev/null
}

# tampered_repository_refused: the repository replaced by an attacker's copy that offers a
# revision 3 with its own indexes, the InRelease carrying their text under the genuine
# signature: apt-get update in the guest fetches that InRelease and refuses it, the
# installed version stays, revision 3 is unknown and its .deb is never fetched.
tampered_repository_refused() {
    local installed third status=0 attacker
    installed=$(installed_version)
    third=$(repack_with_revision "$deb" 3 "$work/tampered.deb") || return 1
    attacker=$(make_signing_key "$repository_keys/attacker" "someone else") || return 1
    rm -rf "$work/attacked"
    cp -a "$repository" "$work/attacked"
    GNUPGHOME=$repository_keys/attacker "$project/deploy/apt-repository.sh" --key "$attacker" \
        "$work/attacked" "$work/tampered.deb" >>"$work/apt-repository.log" 2>&1 || return 1
    tamper_in_release "$repository/dists/$suite/InRelease" "$work/attacked/dists/$suite/Release" \
        "$work/attacked/dists/$suite/InRelease"
    # Served as newer than the genuine files, as an attacker would: apt asks with
    # If-Modified-Since, and the stand-in compares whole seconds.
    find "$work/attacked" -exec touch -h -d "@$(($(date +%s) + 60))" {} +
    ln -sfn attacked "$work/served"
    local asked_before
    asked_before=$(grep -c "^GET /dists/$suite/InRelease " "$repository_requests")
    guest "$repository_update --error-on=any" >"$work/apt-update-tampered.log" 2>&1 || status=$?
    ln -sfn repository "$work/served"
    cat "$work/apt-update-tampered.log"
    echo "(exit $status)"
    [ "$status" -ne 0 ] || { echo "apt-get update accepted the tampered InRelease"; return 1; }
    [ "$(grep -c "^GET /dists/$suite/InRelease " "$repository_requests")" -gt "$asked_before" ] ||
        { echo "the tampered InRelease was never asked for"; return 1; }
    grep -Eq 'BADSIG|[Ss]ignature' "$work/apt-update-tampered.log" ||
        { echo "apt-get update did not name the signature"; return 1; }
    [ "$(installed_version)" = "$installed" ] &&
        policy_lists "$installed" "$installed" "$installed" >/dev/null &&
        ! guest apt-cache policy weather-kiosk | grep -F "$third" &&
        ! grep -F "weather-kiosk_${third}_" "$repository_requests"
}
