#!/usr/bin/env bash
# Runs HomeAssistantCoreTests: the built binary against a real Home Assistant core from PyPI
# (its MQTT integration made through its own config flow) and a real mosquitto, all on
# 127.0.0.1. The Home Assistant is installed once into a virtual environment under
# .build-homeassistant/ (a few minutes and about 400 MB; it needs Python 3.11 or newer).
#
#   Tests/homeassistant/run.sh [VERSION]      default 2024.3.3 (2024.1.6 works the same way)
#   Tests/homeassistant/run.sh --prepare [VERSION]   only install it (CI does this early)
#
# HOMEASSISTANT_VENV=DIR uses or makes the environment elsewhere.
set -euo pipefail
cd "$(dirname "$0")/../.."

prepare=0
if [ "${1:-}" = --prepare ]; then
    prepare=1
    shift
fi
version=${1:-2024.3.3}
venv=${HOMEASSISTANT_VENV:-$PWD/.build-homeassistant/$version}
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c "import homeassistant, paho.mqtt" 2>/dev/null; then
    echo "homeassistant: installing Home Assistant $version into $venv"
    python3 -m venv "$venv"
    # The MQTT integration's own requirement (its manifest.json), which Home Assistant
    # would otherwise install when the integration is first set up.
    "$venv/bin/pip" install -q "homeassistant==$version" "paho-mqtt==1.6.1"
fi
"$venv/bin/python" -c "from homeassistant.const import __version__; print('homeassistant: Home Assistant', __version__)"
[ "$prepare" = 1 ] && exit 0
swift build --build-tests
HOMEASSISTANT_PYTHON=$venv/bin/python swift test --disable-xctest --skip-build \
    --filter HomeAssistantCoreTests
