#!/usr/bin/env bash
# The simulator, the browser page (--web) or a desktop tool: play.py, which
# does the same on Windows (py play.py) and sets up .venv the first time.
# ./play.sh --help lists the options.
exec python3 "$(dirname "$0")/play.py" "$@"
