#!/usr/bin/env bash
# Runs every test: sets up .venv from requirements-dev.txt (again whenever a
# requirements file changed), then pytest, which also runs the device code
# inside the MicroPython VM.  Arguments go to pytest, e.g. ./test.sh -m "not slow".
set -euo pipefail
cd "$(dirname "$0")"
if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv
fi
stamp=.venv/.requirements.all
if ! cat requirements*.txt | cmp -s - "$stamp"; then
    .venv/bin/python -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt \
        >.venv/pip.log 2>&1 || { cat .venv/pip.log; exit 1; }
    cat requirements*.txt >"$stamp"
fi
export PATH="$PWD/.venv/bin:$PATH"
exec .venv/bin/python -m pytest "$@"
