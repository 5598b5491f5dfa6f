# desktop-only
import sys

from mapello.desktop import micropython_stub, standard_library_first

standard_library_first()
micropython_stub()
from mapello.sim import main  # noqa: E402

sys.exit(main())
