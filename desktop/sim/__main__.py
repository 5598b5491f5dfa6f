import sys

from desktop import micropython_stub, standard_library_first

standard_library_first()
micropython_stub()
from desktop.sim import main  # noqa: E402

sys.exit(main())
