"""`python3 -m desktop`: see desktop/cli.py."""
import sys

from desktop import micropython_stub, standard_library_first

standard_library_first()
micropython_stub()
from desktop.cli import main  # noqa: E402

sys.exit(main())
