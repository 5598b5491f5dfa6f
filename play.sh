#!/usr/bin/env bash
# Starts the desktop game in this terminal.
set -euo pipefail
cd "$(dirname "$0")"
exec python3 -m mapello play "$@"
