#!/usr/bin/env bash
# Runs every test: sets up .venv from requirements-dev.txt when it changed, then
# pytest (which also runs the device code inside the MicroPython VM).
set -euo pipefail
cd "$(dirname "$0")"
if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv
fi
stamp=.venv/.requirements-dev.stamp
if [ ! -f "$stamp" ] || ! cmp -s requirements-dev.txt "$stamp" || ! cmp -s requirements.txt "$stamp.base"; then
    .venv/bin/python -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt \
        >.venv/pip.log 2>&1 || { cat .venv/pip.log; exit 1; }
    cp requirements-dev.txt "$stamp"
    cp requirements.txt "$stamp.base"
fi
export PATH="$PWD/.venv/bin:$PATH"
exec .venv/bin/python -m pytest "$@"
