"""desktop/wiring_picture.py: the README's wiring picture is drawn from
settings.toml.pico, so it shows the pins the board reads."""
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PICTURE = os.path.join(ROOT, "docs", "images", "wiring-pico.svg")
SETTINGS = os.path.join(ROOT, "settings.toml.pico")
SVG = "{http://www.w3.org/2000/svg}"


def draw(tmp_path, settings=SETTINGS):
    """The tool run by a Python with its standard library only (-S -E)."""
    out = tmp_path / "wiring.svg"
    proc = subprocess.run([sys.executable, "-S", "-E", "-m", "desktop.wiring_picture", "--settings", str(settings),
                           "--out", str(out)], cwd=ROOT, capture_output=True, text=True, timeout=60)
    return proc, (out.read_text(encoding="utf-8") if out.exists() else None)


def test_the_committed_picture_is_what_the_settings_draw(tmp_path):
    proc, text = draw(tmp_path)
    assert proc.returncode == 0, proc.stderr
    with open(PICTURE, encoding="utf-8") as f:
        assert text == f.read(), "run python3 -m desktop.wiring_picture and commit docs/images/wiring-pico.svg"


def pins_of(settings_text):
    """{MAPELLO_ key: pin} of every setting that names a Pico pin, the
    speaker's suggested pin (in its comment) when it is "none"."""
    out = {}
    for key, value, comment in re.findall(r'^(MAPELLO_\w+) = "([^"]*)"(.*)$', settings_text, re.M):
        if re.fullmatch(r"GP\d+", value):
            out[key] = value
        elif key == "MAPELLO_SPEAKER":
            out[key] = re.search(r'"(GP\d+)"', comment).group(1)
    return out


def wires(svg_text):
    """{setting: (pin, physical pin, the wire's first point)} and {label text: pad centre}."""
    root = ET.fromstring(svg_text)
    found = {}
    for g in root.iter(SVG + "g"):
        first = g.find(SVG + "polyline").get("points").split()[0]
        found[g.get("id")] = (g.get("data-pin"), int(g.get("data-pico-pin")), tuple(map(int, first.split(","))))
    labels = [t.text for t in root.iter(SVG + "text")]
    pads = [(int(c.get("cx")), int(c.get("cy"))) for c in root.iter(SVG + "circle") if c.get("r") == "6"]
    return found, labels, pads


def test_every_pin_of_the_settings_is_wired_to_its_pico_pin():
    with open(SETTINGS, encoding="utf-8") as f:
        pins = pins_of(f.read())
    assert len(pins) == 10, pins        # matrix, six buttons, SDA, SCL, speaker
    with open(PICTURE, encoding="utf-8") as f:
        found, labels, pads = wires(f.read())
    assert sorted(found) == sorted(pins)
    assert len(pads) == 40
    pinout = [re.sub(r"^\d+ | \d+$", "", label) for label in labels if re.fullmatch(r"\d+ \S+|\S+ \d+", label)]
    for key, pin in pins.items():
        drawn_pin, number, start = found[key]
        assert drawn_pin == pin, key
        assert pinout[number - 1] == pin, (key, number)      # the pad labelled with that pin...
        assert start == pads[number - 1], key                # ...is where its wire starts
        assert any(pin in label for label in labels if not re.fullmatch(r"\d+ \S+|\S+ \d+", label)), pin


def test_other_settings_draw_another_picture_or_say_why_not(tmp_path):
    with open(SETTINGS, encoding="utf-8") as f:
        text = f.read()
    moved = tmp_path / "moved.toml"
    moved.write_text(text.replace('MAPELLO_SPEAKER = "none"', 'MAPELLO_SPEAKER = "GP14"')
                     .replace('MAPELLO_BUTTON_A = "GP6"', 'MAPELLO_BUTTON_A = "GP1"'))
    proc, svg = draw(tmp_path, moved)
    assert proc.returncode == 0, proc.stderr
    found, labels, _ = wires(svg)
    assert found["MAPELLO_SPEAKER"][:2] == ("GP14", 19) and found["MAPELLO_BUTTON_A"][:2] == ("GP1", 2)
    assert "optional" not in labels
    bad = tmp_path / "bad.toml"
    bad.write_text(text.replace('MAPELLO_BUTTON_B = "GP7"', 'MAPELLO_BUTTON_B = "GP20"'))
    proc, _ = draw(tmp_path, bad)
    assert proc.returncode == 1 and "button B is on GP20, on the Pico's right-hand side" in proc.stderr
    clash = tmp_path / "clash.toml"
    clash.write_text(text.replace('MAPELLO_BUTTON_B = "GP7"', 'MAPELLO_BUTTON_B = "GP8"'))
    proc, _ = draw(tmp_path, clash)
    assert proc.returncode == 1 and "button B and the OLED's SDA are both on GP8" in proc.stderr


def test_the_readme_shows_the_picture_in_the_wiring_section():
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    section = readme.split("### Wiring", 1)[1].split("\n### ", 1)[0]
    assert "](docs/images/wiring-pico.svg)" in section
