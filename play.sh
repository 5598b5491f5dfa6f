#!/usr/bin/env bash
# Sets up what the game needs on a fresh machine (.venv with requirements.txt,
# once) and starts the desktop simulator in this terminal.
# Options pass through, e.g. ./play.sh --plain, ./play.sh --keys "A RIGHT A".
# ./play.sh --web [--port N] builds the browser page and serves it on localhost instead.
set -euo pipefail
cd "$(dirname "$0")"
case " $* " in
    *" --web "*)            # standard library and npm only: no .venv needed
        args=()
        for a in "$@"; do [ "$a" = --web ] || args+=("$a"); done
        exec python3 -m desktop.build_web --serve ${args[@]+"${args[@]}"} ;;
esac
if [ ! -x .venv/bin/python ]; then
    echo "First run: setting up .venv (a minute)..."
    python3 -m venv .venv
fi
stamp=.venv/.requirements.stamp
if [ ! -f "$stamp" ] || ! cmp -s requirements.txt "$stamp"; then
    .venv/bin/python -m pip install --quiet --disable-pip-version-check -r requirements.txt \
        >.venv/pip-play.log 2>&1 || { cat .venv/pip-play.log; exit 1; }
    cp requirements.txt "$stamp"
fi
case " $* " in
    *" --window "*)
        .venv/bin/python -c "import pygame" >/dev/null 2>&1 ||
            .venv/bin/python -m pip install --quiet --disable-pip-version-check \
                -r requirements-window.txt >.venv/pip-window.log 2>&1 ||
            { cat .venv/pip-window.log; exit 1; } ;;
esac
case " $* " in
    *" --help "*|*" -h "*)
        .venv/bin/python -m desktop play "$@"
        echo
        echo "play.sh also takes:"
        echo "  --web [--port N]      build the browser page and serve it on localhost"
        echo "                        (port 8000 unless N), instead of the simulator"
        exit 0 ;;
esac
exec .venv/bin/python -m desktop play "$@"
