"""The save: the match written after every move into a log in the flash
sector (log.py; payload.py packs what a save holds), and read back at
power-on or to resume (log_read.py, outline.py, resume.py, with checks.py
and errors.py); Save board (board.py).  Each of them loads only when the
App needs it (mapello/ui/modules.py).

This package's own module, which loads with the first of them and stays, is
the save's format: the one place its constants live, and the checksum.
The modules that need the format import it and it imports none of them, so
none imports another back.  It is here rather than in a module of its own:
on the device a package is a module object in RAM whether its __init__
holds anything or not.

The log (docs/DESIGN.md, "Saves"): the header (MAGIC, then FORMAT), then
records, each a tag, its length (2 bytes for FULL, 1 for the others), its
body and the CRC-32 of all that, big-endian:
  FULL    the whole payload
  APPEND  2 bytes: how many of the last payload's bytes stay, then the new
          tail that follows them
  DELTA   2 bytes kept at the start, 2 at the end, then what goes between
The payload a record holds is payload.py's (its docstring has the layout).
"""

try:
    from binascii import crc32 as _crc32
except ImportError:
    _crc32 = None

MAGIC = b"MPL"
FORMAT = 2
HEADER = 4     # MAGIC and FORMAT
FULL = 0x46    # "F"
APPEND = 0x41  # "A"
DELTA = 0x44   # "D"
CHUNK = 64     # bytes read or written at a time
ERASED = b"\xff" * CHUNK
GAP = 16       # erased bytes after the last record: more than a record's head
_M32 = 0xFFFFFFFF

LOST = "last move lost: save damaged"            # the newest save was cut short
DAMAGED = "save damaged: %d saves lost"           # a damaged record hid later ones
SET_ASIDE = "; set aside, new game"               # after why a save is not used


def crc32(data, crc=0):
    """Standard CRC-32 (binascii's when there is one, the same numbers if not)."""
    if _crc32 is not None:
        return _crc32(data, crc) & _M32
    crc ^= _M32
    for b in data:
        crc ^= b
        for _ in range(8):
            crc = (crc >> 1) ^ (0xEDB88320 if crc & 1 else 0)
    return crc ^ _M32
