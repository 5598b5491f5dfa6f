"""Rebuild the 128x32 display's font from the X11 misc-fixed 5x8 font (public
domain: "Public domain font.  Share and enjoy."): fonts/mapello-5x8.pcf, the
source, and from it fonts/mapello-5x8.bin, the glyph sheet the device reads.

  apt-get install xfonts-base pcf2bdf xfonts-utils
  .venv/bin/python -m desktop.make_font          # the .pcf, then the .bin
  .venv/bin/python -m desktop.make_font --bin    # only the .bin, from the .pcf

The .pcf keeps printable ASCII only (32..126, what the game writes) in the
PCF layout adafruit_bitmap_font's PCF loader reads: big-endian bytes, most
significant bit first, rows padded to 4 bytes (bitmap format 0xE).

The .bin is the sheet mapello/hardware/font.py shows: the 95 glyphs side by
side in 5x8 cells, each placed in its cell by its offsets (x0 = 5 i + dx,
y0 = 8 - 1 - height - dy, the baseline above the last row), loaded with
adafruit_bitmap_font and Blinka's displayio here, on the desktop.  It is
written as bitmaptools.readinto(bitmap, file, 1) reads a bitmap: 8 rows top
to bottom, each 475 pixels at 1 bit a pixel, the lowest bit of a byte the
leftmost pixel, padded to 60 bytes.
"""
import gzip
import os
import subprocess
import sys
import tempfile

from mapello.hardware.font import FIRST, COUNT, WIDTH, HEIGHT, ROW_BYTES

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

SOURCE = "/usr/share/fonts/X11/misc/5x8.pcf.gz"
TARGET = os.path.join(ROOT, "fonts", "mapello-5x8.pcf")
SHEET = os.path.join(ROOT, "fonts", "mapello-5x8.bin")
LAST = FIRST + COUNT - 1


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


def sheet_pixels(pcf_path):
    """The lit (x, y) pixels of the glyph sheet made from the PCF font."""
    os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")
    import displayio
    from adafruit_bitmap_font.pcf import PCF
    lit = set()
    with open(pcf_path, "rb") as f:
        font = PCF(f, displayio.Bitmap)
        font.load_glyphs("".join(chr(FIRST + i) for i in range(COUNT)))
        for i in range(COUNT):
            glyph = font.get_glyph(FIRST + i)
            if glyph is None:
                continue
            x0 = WIDTH * i + glyph.dx
            y0 = HEIGHT - 1 - glyph.height - glyph.dy
            for y in range(glyph.height):
                for x in range(glyph.width):
                    if glyph.bitmap[x, y]:
                        if not (WIDTH * i <= x0 + x < WIDTH * (i + 1) and 0 <= y0 + y < HEIGHT):
                            raise SystemExit("%s: %r leaves its %dx%d cell" % (pcf_path, chr(FIRST + i), WIDTH, HEIGHT))
                        lit.add((x0 + x, y0 + y))
    return lit


def pack(lit):
    """The .bin's bytes for the lit pixels: rows of ROW_BYTES, lowest bit first."""
    data = bytearray(ROW_BYTES * HEIGHT)
    for x, y in lit:
        data[y * ROW_BYTES + x // 8] |= 1 << (x % 8)
    return bytes(data)


def write_sheet(pcf_path=TARGET, out=SHEET):
    data = pack(sheet_pixels(pcf_path))
    with open(out, "wb") as f:
        f.write(data)
    print("%s: %d bytes, the sheet of %s" % (out, len(data), os.path.basename(pcf_path)))


def main():
    if sys.argv[1:] == ["--bin"]:
        write_sheet()
        return 0
    if sys.argv[1:]:
        print(__doc__.strip())
        return 2
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
    write_sheet()
    return 0


if __name__ == "__main__":
    sys.exit(main())
