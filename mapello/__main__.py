# desktop-only
"""`python3 -m mapello`: see mapello/cli.py."""
import sys

from mapello.cli import main

sys.exit(main())
