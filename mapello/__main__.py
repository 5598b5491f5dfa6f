# desktop-only
"""`python3 -m mapello`: see mapello/desktop/cli.py."""
import sys

from mapello.desktop import micropython_stub, standard_library_first

standard_library_first()
micropython_stub()
from mapello.desktop.cli import main  # noqa: E402

sys.exit(main())
