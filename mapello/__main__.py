# desktop-only
"""`python3 -m mapello`: see mapello/desktop/cli.py."""
import sys

from mapello.desktop.cli import main

sys.exit(main())
