#!/usr/bin/env bash
# The translations against the sources and against gettext, for CI:
#  1. the i18n tools on made-up input (the extractor on Swift lines and its traps, the
#     catalog checks on catalogs broken on purpose): Tests/i18n/test_tools.py;
#  2. po/weather-kiosk.pot is what the sources give (deploy/tools/extract-messages.py --check);
#  3. msgfmt --check accepts every po/*.po (header, c-format and python-brace-format
#     placeholders, plural forms);
#  4. every catalog is complete and its placeholders match (Tests/i18n/catalog_checks.py):
#     every message of the template translated, none fuzzy, obsolete or extra, {name}
#     placeholders the same as the message's, flagged python-brace-format;
#  5. the embedded catalogs (Sources/Localization/EmbeddedCatalog+*.swift) hold what po/
#     compiles to (deploy/tools/generate-catalogs.py --check).
#
#   Tests/i18n/check.sh
#
# Needs bash, python3 and gettext (deploy/install-deps.sh); no Swift build; a few seconds.
# docs/translating.md says how to fix what it reports.
set -uo pipefail
cd "$(dirname "$0")/../.."

failures=0
step() {
    local what=$1
    shift
    if "$@"; then
        echo "i18n: ok: $what"
    else
        echo "i18n: FAILED: $what"
        failures=$((failures + 1))
    fi
}

for tool in msgfmt msgmerge msgcat; do
    if ! command -v "$tool" >/dev/null; then
        echo "i18n: $tool is missing: install gettext (deploy/install-deps.sh does)" >&2
        exit 1
    fi
done

step "the extractor and the catalog checks on made-up input" \
    python3 Tests/i18n/test_tools.py --quiet
step "po/weather-kiosk.pot is what the sources give" deploy/tools/extract-messages.py --check
compile_all() {
    local status=0 catalog
    for catalog in po/*.po; do
        msgfmt --check --statistics -o /dev/null "$catalog" 2>&1 | sed "s|^|$catalog: |"
        [ "${PIPESTATUS[0]}" -eq 0 ] || status=1
    done
    return $status
}
step "msgfmt --check accepts every catalog" compile_all
step "every catalog is complete, placeholders matching" python3 Tests/i18n/catalog_checks.py
step "the embedded catalogs hold what po/ compiles to" deploy/tools/generate-catalogs.py --check

if [ "$failures" -ne 0 ]; then
    echo "i18n: $failures check(s) failed; docs/translating.md says how to fix them"
    exit 1
fi
echo "i18n: all checks passed"
