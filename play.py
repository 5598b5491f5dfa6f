"""Mapello Handheld on this computer, the same on Windows, Linux and macOS:

    python3 play.py                    the simulator (Windows: py play.py; sets up .venv once)
    python3 play.py --window           in a window;  --web: the browser page
    python3 play.py bundle dist        a desktop tool (python3 play.py --help lists them)

Run by its path it works from any folder, also in isolated mode
(python3 -I), which puts neither the current folder nor this one on
sys.path: `python3 -m desktop` needs the current folder to be this one.
./play.sh runs this file.  What it does: desktop/launch.py."""

import os
import sys

ROOT = os.path.dirname(os.path.abspath(__file__))
# this folder after the standard library: its code.py is the drive's, which
# would stand in for the standard library's `code` module.  Python put the
# folder of the file itself first, a link to play.py resolved.
HERE = (os.path.realpath(ROOT), os.path.dirname(os.path.realpath(__file__)))
sys.path[:] = [p for p in sys.path if os.path.realpath(p or os.curdir) not in HERE] + [ROOT]

from desktop.launch import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
