#!/usr/bin/env bash
# Puts Mapello Handheld on a CircuitPython board's CIRCUITPY drive, fills lib/
# with the pinned device libraries, or writes the drag-and-drop zip bundles.
# ./deploy.sh --help says how; README.md ("Copying the game") says more.
# The work is desktop/deploy.py's, in Python's standard library (the game's
# files are desktop/gamefiles.py's, which `python3 -m desktop bundle`
# shares); this finds python3 and runs it, with the same options.
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
for python in python3 python ""; do
    [ -n "$python" ] || { echo "deploy.sh: python3 is needed (macOS: xcode-select --install)" >&2; exit 1; }
    "$python" -c 'import sys; sys.exit(sys.version_info < (3, 6))' 2>/dev/null && break
done
# in the folder it is run from (--target DIR and the like are as given), with
# this repository on the path instead of that folder
exec "$python" -c 'import sys; sys.path = [sys.argv.pop(1)] + [p for p in sys.path if p]
from desktop import deploy, standard_library_first
standard_library_first()
sys.exit(deploy.main())' "$HERE" "$@"
