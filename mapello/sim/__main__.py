# desktop-only
import sys

from mapello.sim import main

sys.exit(main())
