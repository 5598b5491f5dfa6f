# desktop-only
"""Rebuild fonts/mapello-5x8.pcf, the 128x32 display's font, from the X11
misc-fixed 5x8 font (public domain: "Public domain font.  Share and enjoy.").

  apt-get install xfonts-base pcf2bdf xfonts-utils
  python3 tools/make_font.py

Keeps printable ASCII only (32..126, what the game writes) and writes the PCF
layout adafruit_bitmap_font's PCF loader reads: big-endian bytes, most
significant bit first, rows padded to 4 bytes (bitmap format 0xE).
"""
import gzip
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCE = "/usr/share/fonts/X11/misc/5x8.pcf.gz"
TARGET = os.path.join(ROOT, "fonts", "mapello-5x8.pcf")
FIRST, LAST = 32, 126


def subset_bdf(text):
    """The BDF `text` with only the characters FIRST..LAST."""
    head, _, rest = text.partition("\nCHARS ")
    rest = rest.split("\n", 1)[1]
    chars = []
    for block in rest.split("STARTCHAR ")[1:]:
        block = "STARTCHAR " + block.split("ENDCHAR")[0] + "ENDCHAR\n"
        enc = int(block.split("ENCODING ")[1].split()[0])
        if FIRST <= enc <= LAST:
            chars.append(block)
    # the default character (0) is gone: the space stands in for a missing one
    head = head.replace("\nDEFAULT_CHAR 0\n", "\nDEFAULT_CHAR 32\n")
    head = head.replace("\nCOPYRIGHT ", "\nCOMMENT Printable ASCII subset for Mapello Handheld\nCOPYRIGHT ", 1)
    return head + "\nCHARS %d\n" % len(chars) + "".join(chars) + "ENDFONT\n"


def main():
    with tempfile.TemporaryDirectory() as tmp:
        pcf = os.path.join(tmp, "5x8.pcf")
        bdf = os.path.join(tmp, "5x8.bdf")
        with gzip.open(SOURCE) as f, open(pcf, "wb") as out:
            out.write(f.read())
        subprocess.run(["pcf2bdf", "-o", bdf, pcf], check=True)
        with open(bdf, encoding="latin-1") as f:
            small = subset_bdf(f.read())
        with open(bdf, "w", encoding="latin-1") as f:
            f.write(small)
        os.makedirs(os.path.dirname(TARGET), exist_ok=True)
        # -M -m: most significant byte and bit first; -p4: rows padded to 4 bytes; -u1: byte units
        subprocess.run(["bdftopcf", "-M", "-m", "-p4", "-u1", "-o", TARGET, bdf], check=True)
    print("%s: %d bytes, characters %d..%d" % (TARGET, os.path.getsize(TARGET), FIRST, LAST))
    return 0


if __name__ == "__main__":
    sys.exit(main())
