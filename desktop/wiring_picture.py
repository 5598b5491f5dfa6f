#!/usr/bin/env python3
"""Draws the Pico build's wiring as an SVG from settings.toml.pico's pins,
so the picture in the README cannot drift from the settings the board reads.

    python3 -m desktop.wiring_picture            # writes docs/images/wiring-pico.svg
    python3 -m desktop.wiring_picture --settings FILE --out FILE

The parts whose pins settings.toml names (the matrix's data line, the six
buttons, the OLED's SDA and SCL, the speaker) sit beside their pins; the
power and ground pins are the Pico's own.  A speaker set to "none" is drawn
dashed, at the pin its setting's comment suggests.  Standard library only."""

import argparse
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SETTINGS = os.path.join(ROOT, "settings.toml.pico")
OUT = os.path.join(ROOT, "docs", "images", "wiring-pico.svg")

# The Pico's (and Pico 2's) 40 pins, by physical number: 1-20 down the left
# side from the USB socket, 21-40 up the right side.
PINOUT = ("GP0 GP1 GND GP2 GP3 GP4 GP5 GND GP6 GP7 GP8 GP9 GND GP10 GP11 GP12 GP13 GND GP14 GP15 "
          "GP16 GP17 GND GP18 GP19 GP20 GP21 GND GP22 RUN GP26 GP27 GND GP28 ADC_VREF 3V3(OUT) 3V3_EN "
          "GND VSYS VBUS").split()
BUTTONS = (("UP", "Up"), ("DOWN", "Down"), ("LEFT", "Left"), ("RIGHT", "Right"), ("A", "A"), ("B", "B"))

# The drawing's grid: pin rows PITCH apart from TOP; the Pico between PICO_L and PICO_R.
PITCH, TOP = 24, 130
PICO_L, PICO_R = 420, 620
WIDTH, HEIGHT = 980, 740
RAIL_X, BUTTON_X = 70, 170                  # the buttons' ground rail, the buttons
OLED_L, OLED_R = 210, 330
PIEZO_X = 370
ABOVE_Y, BELOW_Y = 50, 650                  # the wires that go round the Pico
MATRIX_L, MATRIX_T = 770, 60
COLOURS = {"data": "#1f6fd1", "button": "#2e9e44", "i2c": "#8e44ad", "gnd": "#222222",
           "5v": "#d62728", "3v3": "#e67e22", "sound": "#b8860b"}


class WiringError(Exception):
    """Settings this picture cannot draw; the message says which and why."""


def read_settings(path):
    """{KEY: (value, comment)} of a settings.toml: strings and whole numbers."""
    out = {}
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            found = re.match(r'\s*([A-Z0-9_]+)\s*=\s*("[^"]*"|-?\d+)\s*(?:#\s*(.*))?$', line.rstrip("\n"))
            if found:
                value = found.group(2)
                out[found.group(1)] = (value.strip('"') if value.startswith('"') else int(value),
                                       found.group(3) or "")
            elif line.strip() and not line.lstrip().startswith("#"):
                raise WiringError("%s line %d: not KEY = \"text\" or KEY = number" % (path, number))
    return out


def physical(pin):
    """A pin's physical number: 'GP8' -> 11."""
    if pin not in PINOUT:
        raise WiringError("%s is not one of the Pico's pins (GP0 to GP28)" % pin)
    return PINOUT.index(pin) + 1


def row_of(number):
    """(side, row) of a physical pin: 'L', 0 for pin 1; 'R', 0 for pin 40."""
    return ("L", number - 1) if number <= 20 else ("R", 40 - number)


def y_of(row):
    return TOP + row * PITCH


def pad(number):
    side, row = row_of(number)
    return (PICO_L + 12 if side == "L" else PICO_R - 12), y_of(row)


def left_row(pin, what):
    side, row = row_of(physical(pin))
    if side != "L":
        raise WiringError("%s is on %s, on the Pico's right-hand side: this picture draws the parts beside "
                          "GP0 to GP15" % (what, pin))
    return row


def nearest_ground(row, taken):
    """The row of the left-hand GND pin nearest to row, not among taken."""
    grounds = [r for r in range(20) if PINOUT[r] == "GND" and r not in taken]
    return min(grounds, key=lambda r: (abs(r - row), r))


class Svg:
    def __init__(self):
        self.parts = []

    def add(self, text):
        self.parts.append(text)

    def line(self, points, colour, dashed=False, width=2.5):
        path = " ".join("%d,%d" % p for p in points)
        self.add('<polyline points="%s" fill="none" stroke="%s" stroke-width="%s"%s stroke-linejoin="round"/>'
                 % (path, colour, width, ' stroke-dasharray="7 5"' if dashed else ""))

    def text(self, x, y, words, size=12, anchor="start", weight="normal", colour="#222222"):
        words = words.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        self.add('<text x="%d" y="%d" font-size="%d" text-anchor="%s" font-weight="%s" fill="%s">%s</text>'
                 % (x, y, size, anchor, weight, colour, words))

    def dot(self, x, y, colour):
        self.add('<circle cx="%d" cy="%d" r="3.5" fill="%s"/>' % (x, y, colour))

    def group(self, setting, pin, number):
        """A wire's group: which setting and which pin it draws, for readers and tests."""
        self.add('<g id="%s" data-pin="%s" data-pico-pin="%d">' % (setting, pin, number))

    def end_group(self):
        self.add("</g>")


def draw_pico(svg, used):
    bottom = y_of(19) + 36
    svg.add('<rect x="%d" y="%d" width="%d" height="%d" rx="10" fill="#1e7b4a" stroke="#0f4a2c" stroke-width="2"/>'
            % (PICO_L, TOP - 36, PICO_R - PICO_L, bottom - TOP + 36))
    mid = (PICO_L + PICO_R) // 2
    svg.add('<rect x="%d" y="%d" width="56" height="24" rx="3" fill="#c0c0c0" stroke="#777777"/>'
            % (mid - 28, TOP - 52))
    svg.text(mid, TOP - 36, "USB", 10, "middle")
    svg.add('<text x="%d" y="%d" font-size="15" text-anchor="middle" font-weight="bold" fill="#ffffff" '
            'transform="rotate(-90 %d %d)">Raspberry Pi Pico / Pico 2</text>' % (mid, (TOP + bottom) // 2 + 5, mid,
                                                                                (TOP + bottom) // 2))
    for number in range(1, 41):
        x, y = pad(number)
        name = PINOUT[number - 1]
        fill = "#ffd700" if number in used else "#e8e8e8"
        svg.add('<circle cx="%d" cy="%d" r="6" fill="%s" stroke="#333333"/>' % (x, y, fill))
        label = "%d %s" % (number, name) if number <= 20 else "%s %d" % (name, number)
        svg.text(x + 12 if number <= 20 else x - 12, y + 4, label, 10,
                 "start" if number <= 20 else "end", "bold" if number in used else "normal",
                 "#ffffff" if number in used else "#cfe8d8")


def picture(settings):
    """The SVG text of the wiring those settings describe."""
    def pin_of(key):
        if key not in settings:
            raise WiringError("settings have no %s" % key)
        return settings[key][0]

    used = {}                               # physical pin -> what
    rows_used = {}                          # left row -> what, for the parts beside it

    def take(pin, what):
        number = physical(pin)
        if number in used:
            raise WiringError("%s and %s are both on %s" % (used[number], what, pin))
        used[number] = what
        return number

    matrix_pin = pin_of("MAPELLO_MATRIX_PIN")
    matrix_row = left_row(matrix_pin, "the matrix's data line")
    take(matrix_pin, "the matrix")
    buttons = []
    for key, name in BUTTONS:
        pin = pin_of("MAPELLO_BUTTON_" + key)
        buttons.append((key, name, pin, left_row(pin, "button " + name), take(pin, "button " + name)))
    sda, scl = pin_of("MAPELLO_I2C_SDA"), pin_of("MAPELLO_I2C_SCL")
    i2c_rows = [left_row(sda, "the OLED's SDA"), left_row(scl, "the OLED's SCL")]
    take(sda, "the OLED's SDA")
    take(scl, "the OLED's SCL")
    speaker, comment = settings.get("MAPELLO_SPEAKER", ("none", ""))
    optional = speaker == "none"
    if optional:
        suggested = re.search(r'"(GP\d+)"', comment)
        speaker = suggested.group(1) if suggested else None
    if speaker:
        speaker_row = left_row(speaker, "the speaker")
        take(speaker, "the speaker")

    button_rows = [b[3] for b in buttons]
    rail_grounds = [r for r in range(min(button_rows), max(button_rows) + 1) if PINOUT[r] == "GND"]
    if not rail_grounds:
        rail_grounds = [nearest_ground((min(button_rows) + max(button_rows)) // 2, ())]
    oled_gnd = nearest_ground(max(i2c_rows), rail_grounds)
    oled_rows = sorted(i2c_rows + [oled_gnd])
    speaker_gnd = nearest_ground(speaker_row, rail_grounds + [oled_gnd]) if speaker else None
    others = [matrix_row] + button_rows + rail_grounds
    # where a wire would cross a part or another wire, say so rather than draw it
    if any(r <= matrix_row for r in button_rows + oled_rows + ([speaker_row] if speaker else [])):
        raise WiringError("the matrix's data line goes over the top of the Pico: its pin must be above the others")
    if any(oled_rows[0] <= r <= oled_rows[-1] for r in others) or \
            any(r > oled_rows[-1] for r in button_rows + rail_grounds):
        raise WiringError("the OLED's pins must come after all the buttons' (rows %s)" % oled_rows)
    if speaker and (any(min(speaker_row, speaker_gnd) <= r <= max(speaker_row, speaker_gnd)
                        for r in others + oled_rows) or speaker_row < oled_rows[-1]):
        raise WiringError("the speaker's pin must come after the OLED's, with a GND pin beside it")
    for r in rail_grounds:
        used[r + 1] = "ground"
    used[oled_gnd + 1] = "ground"
    if speaker:
        used[speaker_gnd + 1] = "ground"
    for number in (40, 38, 36):             # VBUS, GND, 3V3(OUT)
        used[number] = "power"

    svg = Svg()
    svg.add('<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" '
            'font-family="DejaVu Sans, Arial, sans-serif">' % (WIDTH, HEIGHT, WIDTH, HEIGHT))
    svg.add('<rect width="%d" height="%d" fill="#ffffff"/>' % (WIDTH, HEIGHT))
    svg.text(20, 28, "Mapello Handheld on a Raspberry Pi Pico: the pins of settings.toml.pico", 16,
             weight="bold")
    draw_pico(svg, used)

    # the matrix: data over the top of the Pico through 330 ohm, 5 V from VBUS, GND
    number = physical(matrix_pin)
    x, y = pad(number)
    din_y, v5_y, gnd_y = MATRIX_T + 26, pad(40)[1], pad(38)[1]
    svg.group("MAPELLO_MATRIX_PIN", matrix_pin, number)
    svg.line([(x, y), (PICO_L - 20, y), (PICO_L - 20, ABOVE_Y), (MATRIX_L - 40, ABOVE_Y),
              (MATRIX_L - 40, din_y), (MATRIX_L, din_y)], COLOURS["data"])
    svg.add('<rect x="640" y="%d" width="44" height="14" fill="#f5deb3" stroke="#333333"/>' % (ABOVE_Y - 7))
    svg.text(662, ABOVE_Y - 12, "330 Ω", 11, "middle")
    svg.text(PICO_L - 14, ABOVE_Y - 8, "matrix data (%s)" % matrix_pin, 11, "start", colour=COLOURS["data"])
    svg.end_group()
    svg.line([pad(40), (MATRIX_L, v5_y)], COLOURS["5v"])
    svg.line([pad(38), (MATRIX_L, gnd_y)], COLOURS["gnd"])
    cap_x = MATRIX_L - 80
    svg.dot(cap_x, v5_y, COLOURS["5v"])
    svg.dot(cap_x, gnd_y, COLOURS["gnd"])
    mid = (v5_y + gnd_y) // 2
    svg.line([(cap_x, v5_y), (cap_x, mid - 5)], COLOURS["5v"], width=2)
    svg.line([(cap_x, mid + 5), (cap_x, gnd_y)], COLOURS["gnd"], width=2)
    svg.add('<rect x="%d" y="%d" width="24" height="3" fill="#333333"/>' % (cap_x - 12, mid - 6))
    svg.add('<rect x="%d" y="%d" width="24" height="5" fill="#333333"/>' % (cap_x - 12, mid + 3))
    svg.text(cap_x + 16, mid - 2, "1000 µF", 10)
    svg.text(cap_x + 16, mid + 11, "− to GND", 10)
    svg.text(PICO_R + 16, v5_y - 6, "5 V", 11, colour=COLOURS["5v"])
    svg.text(PICO_R + 16, gnd_y - 6, "GND", 11, colour=COLOURS["gnd"])
    svg.add('<rect x="%d" y="%d" width="180" height="180" rx="6" fill="#111111" stroke="#444444"/>'
            % (MATRIX_L, MATRIX_T))
    for r in range(10):
        for c in range(10):
            svg.add('<circle cx="%d" cy="%d" r="4" fill="%s"/>' % (MATRIX_L + 54 + c * 12, MATRIX_T + 36 + r * 12,
                                                                  "#2f6e3a" if (r + c) % 2 else "#3a8447"))
    for words, ty in (("DIN", din_y), ("5V", v5_y), ("GND", gnd_y)):
        svg.text(MATRIX_L + 6, ty + 4, words, 10, colour="#ffffff")
    svg.text(MATRIX_L + 90, MATRIX_T + 200, "10×10 WS2812B matrix", 12, "middle", "bold")

    # the buttons: each from its pin to the ground rail
    for key, name, pin, row, number in buttons:
        x, y = pad(number)
        svg.group("MAPELLO_BUTTON_" + key, pin, number)
        svg.line([(x, y), (BUTTON_X + 16, y)], COLOURS["button"])
        svg.end_group()
        svg.line([(BUTTON_X - 16, y), (RAIL_X, y)], COLOURS["gnd"])
        svg.add('<rect x="%d" y="%d" width="32" height="18" rx="3" fill="#f0f0f0" stroke="#333333"/>'
                % (BUTTON_X - 16, y - 9))
        svg.add('<circle cx="%d" cy="%d" r="5" fill="#555555"/>' % (BUTTON_X, y))
        svg.text(BUTTON_X + 24, y - 5, "%s (%s)" % (name, pin), 11, colour=COLOURS["button"])
        svg.dot(RAIL_X, y, COLOURS["gnd"])
    for r in rail_grounds:
        x, y = pad(r + 1)
        svg.line([(x, y), (RAIL_X, y)], COLOURS["gnd"])
        svg.dot(RAIL_X, y, COLOURS["gnd"])
        svg.text(BUTTON_X + 24, y - 5, "GND", 11, colour=COLOURS["gnd"])
    rail = sorted(button_rows + rail_grounds)
    svg.line([(RAIL_X, y_of(rail[0])), (RAIL_X, y_of(rail[-1]))], COLOURS["gnd"])
    svg.text(RAIL_X - 8, y_of(rail[0]) - 10, "buttons' GND", 11, colour=COLOURS["gnd"])

    # the OLED: SDA, SCL, GND beside their pins, VCC from 3V3(OUT) under the Pico
    top, bottom = y_of(oled_rows[0]) - 12, y_of(oled_rows[-1]) + 30
    svg.add('<rect x="%d" y="%d" width="%d" height="%d" rx="4" fill="#0b1f3a" stroke="#333333"/>'
            % (OLED_L, top, OLED_R - OLED_L, bottom - top))
    svg.text(OLED_L + 8, y_of(oled_rows[0]) + 4, "OLED", 11, weight="bold", colour="#ffffff")
    svg.text(OLED_L + 8, y_of(oled_rows[0]) + 18, "SSD1306", 10, colour="#ffffff")
    for key, pin, row in (("MAPELLO_I2C_SDA", sda, i2c_rows[0]), ("MAPELLO_I2C_SCL", scl, i2c_rows[1])):
        number = physical(pin)
        svg.group(key, pin, number)
        svg.line([pad(number), (OLED_R, y_of(row))], COLOURS["i2c"])
        svg.end_group()
        svg.text(OLED_R - 6, y_of(row) + 4, "%s (%s)" % (key[-3:], pin), 10, "end", colour="#ffffff")
    svg.line([pad(oled_gnd + 1), (OLED_R, y_of(oled_gnd))], COLOURS["gnd"])
    svg.text(OLED_R - 6, y_of(oled_gnd) + 4, "GND", 10, "end", colour="#ffffff")
    vcc_y = bottom - 10
    svg.line([pad(36), (PICO_R + 40, pad(36)[1]), (PICO_R + 40, BELOW_Y), (OLED_L - 25, BELOW_Y),
              (OLED_L - 25, vcc_y), (OLED_L, vcc_y)], COLOURS["3v3"])
    svg.text(OLED_L + 6, vcc_y + 4, "VCC", 10, colour="#ffffff")
    svg.text(PICO_R + 46, pad(36)[1] - 6, "3.3 V: OLED VCC", 11, colour=COLOURS["3v3"])

    # the speaker: a piezo from its pin to GND
    if speaker:
        number = physical(speaker)
        top_row, bottom_row = sorted((speaker_row, speaker_gnd))
        cy = (y_of(top_row) + y_of(bottom_row)) // 2
        svg.group("MAPELLO_SPEAKER", speaker, number)
        svg.line([pad(number), (PIEZO_X, y_of(speaker_row)), (PIEZO_X, cy)], COLOURS["sound"], optional)
        svg.end_group()
        svg.line([pad(speaker_gnd + 1), (PIEZO_X, y_of(speaker_gnd)), (PIEZO_X, cy)], COLOURS["gnd"], optional)
        svg.add('<circle cx="%d" cy="%d" r="15" fill="#333333" stroke="#111111"/>' % (PIEZO_X - 20, cy))
        svg.add('<circle cx="%d" cy="%d" r="4" fill="#888888"/>' % (PIEZO_X - 20, cy))
        svg.line([(PIEZO_X - 5, cy), (PIEZO_X, cy)], "#333333")
        svg.text(PIEZO_X - 40, cy - 4, "piezo (%s)" % speaker, 11, "end", colour=COLOURS["sound"])
        if optional:
            svg.text(PIEZO_X - 40, cy + 10, "optional", 11, "end", colour=COLOURS["sound"])

    notes = ["Buttons: pressed connects the pin to GND (internal pull-ups, no resistors)."]
    if speaker and optional:
        notes.append('The piezo is optional: MAPELLO_SPEAKER = "%s" in settings.toml turns it on.' % speaker)
    notes += ["Pins are the Pico's physical pins: pin 1 is next to the USB socket.",
              "With an external 5 V supply, see README.md, \"Power\"."]
    for i, note in enumerate(notes):
        svg.text(20, HEIGHT - 64 + i * 16, note, 11)
    svg.add("</svg>")
    return "\n".join(svg.parts) + "\n"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--settings", default=SETTINGS, help="the settings to draw (default settings.toml.pico)")
    parser.add_argument("--out", default=OUT, help="the SVG to write (default docs/images/wiring-pico.svg)")
    args = parser.parse_args(argv)
    try:
        text = picture(read_settings(args.settings))
    except WiringError as e:
        print("wiring_picture.py: %s" % e, file=sys.stderr)
        return 1
    with open(args.out, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)
    print("wrote %s" % os.path.relpath(args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
