# desktop-only
import sys

from mapello.desktop import standard_library_first

standard_library_first()
from mapello.sim import main  # noqa: E402

sys.exit(main())
