"""The browser page (web/, built by desktop/build_web.py) in a real headless
Chromium, driven by Playwright with the system's browser: a game against
the computer played to game over by keys, each press checked against the
desktop's App fed the same presses on the same clock (the frame, the four
lines, the version), what the canvases show checked against the desktop
simulator's LEDs and displayio rendering, the save in localStorage checked
byte for byte against the desktop's nvm, a reload in the middle of the game
and B resuming it; clicks and a phone's taps on cells, each checked
against the desktop's App fed the buttons they stand for; beside the
handheld, the scores, the turn, the moves (with the review's verdicts,
and a what-if branch's), the legend in the palette in use, the coordinates, the game-over banner, New game, the record's download,
boards and records loaded by the file picker, paste and drag and drop, and
the speaker's tones and mute.

The page runs with ?clock=manual, so its time moves only when the test says
(window.mapello.advance), in the device loop's 10 ms steps; the desktop side
runs the same loop step (mapello.hardware.console.Console) on a clock moved
the same way.  Skipped, saying why, only when there is no Chromium or no
Playwright (.ci/run installs Debian's chromium, requirements-dev.txt the
driver)."""
import os
import subprocess
import sys
import threading
import urllib.request

import pytest

from desktop import build_web
from mapello import buttons
from mapello.game.options import COMPUTER
from mapello.game.save.log import NvmStorage
from mapello.hardware.console import Console
from mapello.hardware.repeat import Repeater
from mapello.rules.position import cell_name, parse_cell
from mapello.ui import palette
from mapello.ui.app import App

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

STEP_MS = 10          # the device loop's period, as page.js steps it
PRESS_MS = 400        # after each press: past the flip animation (desktop/app_driver.py)
SEED = 7
KEY_NAMES = {buttons.UP: "ArrowUp", buttons.DOWN: "ArrowDown", buttons.LEFT: "ArrowLeft",
             buttons.RIGHT: "ArrowRight", buttons.A: "z", buttons.B: "x"}


@pytest.fixture(scope="module")
def site():
    """build/web/ made afresh and served on a free port of 127.0.0.1."""
    try:
        build_web.build(log=lambda line: None)
    except build_web.BuildError as e:
        pytest.fail(str(e))
    server = build_web.make_server(0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield "http://127.0.0.1:%d/" % server.server_address[1]
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def playwright():
    """(Playwright, the system's Chromium): one driver for the module's browsers."""
    exe = build_web.chromium()
    if exe is None:
        pytest.skip("no Chromium here (/usr/bin/chromium; .ci/run installs Debian's chromium "
                    "package, or set MAPELLO_CHROMIUM)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("Playwright is not installed (requirements-dev.txt has it: run ./test.sh)")
    with sync_playwright() as p:
        yield p, exe


@pytest.fixture(scope="module")
def browser(playwright, tmp_path_factory):
    p, exe = playwright
    context = p.chromium.launch_persistent_context(
        str(tmp_path_factory.mktemp("chromium-profile")), executable_path=exe, args=list(build_web.BROWSER_FLAGS),
        headless=True, viewport={"width": 520, "height": 900})
    yield context
    context.close()


class Page:
    """The game in the browser tab, as its window.mapello shows it."""

    def __init__(self, tab, url):
        self.tab = tab
        self.url = url
        self.errors = []
        tab.on("pageerror", lambda e: self.errors.append(str(e)))

    def wait_ready(self):
        self.tab.wait_for_function("window.mapello && (window.mapello.ready || window.mapello.error)",
                                   timeout=60000)
        assert self.tab.evaluate("window.mapello.error") is None
        assert not self.errors, self.errors

    def open(self):
        self.tab.goto(self.url)
        self.wait_ready()

    def reload(self):
        self.tab.reload()
        self.wait_ready()

    def key(self, name):
        self.tab.keyboard.press(name)

    def advance(self, ms):
        return self.tab.evaluate("(ms) => window.mapello.advance(ms)", ms)

    def pixels(self):
        return self.tab.evaluate("window.mapello.pixels()")

    def click_cell(self, cell, tap=False):
        """A mouse click (or a tap) on the cell's LED, where the page shows
        it, scrolled into view first."""
        at = self.tab.evaluate("""(c) => {
            const at = window.mapello.cellCentre(c), r = matrix.getBoundingClientRect();
            return {x: at.x - r.left, y: at.y - r.top};
        }""", cell)
        matrix = self.tab.locator("#matrix")
        if tap:
            matrix.tap(position=at)
        else:
            matrix.click(position=at)

    def text(self, selector):
        return self.tab.inner_text(selector)

    def load_file(self, path):
        """The file picker given `path`; back once the page has read it (in
        the background) and handed it to the host."""
        before = self.tab.evaluate("window.mapello.files")
        self.tab.set_input_files("#file", str(path))
        self.tab.wait_for_function("(n) => window.mapello.files > n", arg=before)

    def saved(self):
        return self.tab.evaluate("window.mapello.saved()")


class Desktop:
    """The desktop's App and the device's loop step on a clock the test moves:
    what the page runs, made here from the same parts with the device's
    defaults (brightness 20, think 2 s, repeat 350/90 ms)."""

    def __init__(self, nvm, seed):
        self.now = 0
        self.events = []
        clock = lambda: self.now   # noqa: E731
        self.app = App(os.path.join(ROOT, "boards"), NvmStorage(nvm), clock, seed=seed,
                       settings={"brightness": 20, "think_ms": 2000})
        self.app.strict = True
        self.console = Console(self.app, None, [self], None, clock, repeater=Repeater(350, 90))
        self.console.step()

    def poll(self, sink, now):
        while self.events:
            sink.press(self.events.pop(0))
            sink.release(self.events.pop(0))

    def tap(self, button):
        self.events.extend((button, button))

    def advance(self, ms):
        for _ in range(0, ms, STEP_MS):
            self.now += STEP_MS
            self.console.step()


class Both:
    """The page and the desktop, pressed alike and compared after every step."""

    def __init__(self, page, desktop, devices):
        self.page = page
        self.desktop = desktop
        self.devices = devices
        self.state = None
        self.presses = 0

    @property
    def lines(self):
        return self.desktop.app.lines

    def same(self):
        app = self.desktop.app
        got = self.state
        want = {"version": app.version, "lines": app.lines, "frame": bytes(app.frame).hex(),
                "busy": app.busy, "screen": app.screen_name, "error": ""}
        assert {k: got[k] for k in want} == want, (self.presses, got["lines"], app.lines)

    def advance(self, ms):
        self.state = self.page.advance(ms)
        self.desktop.advance(ms)
        self.same()

    def tap(self, button, key=None, ms=PRESS_MS):
        self.page.key(key or KEY_NAMES[button])
        self.desktop.tap(button)
        self.presses += 1
        self.advance(ms)

    def click_cell(self, cell):
        """A click on a cell: the page's, and on the desktop the buttons it
        stands for (mapello.ui.kinds.presses(), with the App as it is)."""
        from mapello.ui.kinds import presses
        self.page.click_cell(cell)
        for button in presses(self.desktop.app, cell):
            self.desktop.tap(button)
        self.presses += 1
        self.advance(PRESS_MS)

    def click(self, button):
        """An on-screen button, by the mouse (pointer events, as a touch)."""
        self.page.tab.click("[data-button=%s]" % buttons.NAMES[button])
        self.desktop.tap(button)
        self.presses += 1
        self.advance(PRESS_MS)

    def check_canvases(self):
        """The LEDs' centres are the desktop simulator's colours (the device's
        matrix adapter, brightness taken out), the OLED's pixels the ones
        displayio lights with the device's font."""
        self.devices.update(self.desktop.app)
        shown = self.page.pixels()
        want = [list(self.devices.cell_colour(c)) for c in range(100)]
        assert shown["leds"] == want
        rows = self.devices.display_rows()
        lit = "".join("1" if sum(rows[y][x]) > 300 else "0" for y in range(32) for x in range(128))
        assert shown["oled"] == lit, self.lines

    def until(self, done, ms=PRESS_MS, most=200):
        for _ in range(most):
            if done():
                return
            self.advance(ms)
        raise AssertionError("never came: %r" % (self.lines,))

    def menu(self, label, value_ok):
        guard = 0
        while not self.lines[1].startswith(">" + label):
            self.tap(buttons.DOWN)
            guard += 1
            assert guard < 20, self.lines
        while not value_ok():
            self.tap(buttons.RIGHT)
            guard += 1
            assert guard < 40, self.lines

    def choose(self, label, ms=PRESS_MS):
        """In a small menu (line 2 the selected ">Label"), down to `label`, then
        A, and `ms` of time."""
        guard = 0
        while self.lines[1] != ">" + label:
            self.tap(buttons.DOWN)
            guard += 1
            assert guard < 10, self.lines
        self.tap(buttons.A, ms=ms)

    def hints(self):
        frame = self.desktop.app.frame
        return [c for c in range(100) if palette.get(frame, c) in (palette.HINT, palette.BONUS_HINT)]

    def cursor(self):
        return parse_cell(self.lines[2][:2])

    def play_a_move(self):
        """The player's move: the hint nearest the cursor, reached by arrows
        (A at once when the turn must pass, or no hint shows beside the
        cursor's own cell), then the computer's answer waited for."""
        if not self.lines[1].endswith("pass, A"):
            hints = self.hints()
            at = self.cursor()
            if hints:
                target = min(hints, key=lambda c: (abs(c // 10 - at // 10) + abs(c % 10 - at % 10), c))
                while at != target:
                    if at // 10 != target // 10:
                        self.tap(buttons.DOWN if target > at else buttons.UP)
                    else:
                        self.tap(buttons.RIGHT if target % 10 > at % 10 else buttons.LEFT)
                    at = self.cursor()
                assert self.lines[2].startswith(cell_name(target))
        self.tap(buttons.A)
        self.until(lambda: self.desktop.app.screen_name != "play"
                   or (not self.desktop.app.busy and self.lines[1].startswith("You ")))


@pytest.fixture(scope="module")
def devices():
    from desktop.sim.devices import SimDevices
    d = SimDevices(500)
    yield d
    d.close()


def test_a_game_against_the_computer_by_keys_as_on_the_desktop(site, browser, devices):
    tab = browser.new_page()
    page = Page(tab, site + "?clock=manual&seed=%d" % SEED)
    page.open()
    tab.evaluate("localStorage.clear()")
    page.reload()                     # a browser that never saved: the menu, no game to resume
    nvm = bytearray(b"\xff" * 4096)
    both = Both(page, Desktop(nvm, SEED), devices)
    both.advance(PRESS_MS)
    assert both.lines[0].startswith("MAPELLO")
    both.check_canvases()

    app = both.desktop.app
    both.click(buttons.DOWN)          # the on-screen buttons are the same buttons
    both.click(buttons.UP)
    both.menu("Mode:", lambda: app.settings["mode"] == COMPUTER)
    both.menu("Series:", lambda: app.settings["games"] == 1)
    both.menu("Level:", lambda: app.settings["level"] == 0)
    assert app.settings["hints"] == 1 and app.settings["timer"] == 0
    both.tap(buttons.A, "a")          # A is Z, and the A key too
    both.until(lambda: app.screen_name == "play" and not app.busy)
    both.check_canvases()

    for _ in range(4):
        both.play_a_move()
    both.check_canvases()
    # Undo, from the game's menu (B): the move and the computer's answer go back
    both.tap(buttons.B, "b")
    both.choose("Undo")
    assert app.message == "undone"
    both.advance(2000)
    both.play_a_move()
    both.play_a_move()

    # The save is the device's nvm, byte for byte, in localStorage; a reload
    # comes back to the menu, and B resumes the game where it was
    assert page.saved() == bytes(nvm).hex()
    before = list(both.lines)
    page.reload()
    both.desktop = Desktop(nvm, SEED)
    both.advance(PRESS_MS)
    assert both.lines[0].startswith("MAPELLO")
    both.tap(buttons.B)
    both.until(lambda: app is not both.desktop.app and both.desktop.app.screen_name == "play"
               and not both.desktop.app.busy)
    app = both.desktop.app
    assert both.lines[0] == before[0]
    both.check_canvases()

    moves = 0
    while app.screen_name == "play":
        both.play_a_move()
        moves += 1
        assert moves < 70, both.lines
    assert app.screen_name == "game over"
    assert "wins" in both.lines[0] or both.lines[0] == "Draw"
    both.check_canvases()
    both.tap(buttons.B)               # the replay, two moves on, then back
    assert app.screen_name == "replay"
    both.tap(buttons.RIGHT)
    both.tap(buttons.RIGHT)
    both.check_canvases()
    both.tap(buttons.B)
    assert app.screen_name == "game over"
    both.tap(buttons.A)               # the series of one is over: the menu
    assert app.screen_name == "menu"
    assert page.saved() == bytes(nvm).hex()
    assert not page.errors, page.errors


def test_free_play_on_a_board_set_up_by_hand_with_a_hint_as_on_the_desktop(site, browser, devices):
    """Free play: P1 sets up a bonus, a wall and a joker on the empty board, P2 picks a colour,
    two moves, then a hint (the hard level, in slices) taken early with B."""
    tab = browser.new_page()
    page = Page(tab, site + "?clock=manual&seed=%d" % SEED)
    page.open()
    tab.evaluate("localStorage.clear()")
    page.reload()
    both = Both(page, Desktop(bytearray(b"\xff" * 4096), SEED), devices)
    both.advance(PRESS_MS)
    app = both.desktop.app
    both.menu("Mode:", lambda: app.settings["mode"] == 1)
    both.menu("Board", lambda: app.settings["board"] == "Open")     # the empty board
    both.tap(buttons.A)
    assert both.lines[0] == "Setup by P1" and both.lines[2] == "c3: empty"
    both.tap(buttons.A)                           # c3: a wall, then a bonus
    both.tap(buttons.A)
    assert both.lines[2] == "c3: bonus"
    both.tap(buttons.RIGHT)
    both.tap(buttons.RIGHT)
    both.tap(buttons.A)                           # e3: a wall
    for _ in range(3):
        both.tap(buttons.UP)
    both.tap(buttons.A)                           # the border above e3: a joker
    assert both.lines[1] == "W1/8 B1/8 J1/8", both.lines
    both.check_canvases()
    both.tap(buttons.B)
    both.choose("Start")
    assert app.screen_name == "colour"
    both.tap(buttons.RIGHT)
    both.tap(buttons.A)
    assert app.screen_name == "play"
    both.check_canvases()
    for _ in range(2):
        target = min(both.hints())
        while both.cursor() != target:
            at = both.cursor()
            if at // 10 != target // 10:
                both.tap(buttons.DOWN if target > at else buttons.UP)
            else:
                both.tap(buttons.RIGHT if target % 10 > at % 10 else buttons.LEFT)
        both.tap(buttons.A)
    both.tap(buttons.B)
    both.choose("Hint", ms=100)                   # ten loop steps of thinking
    assert app.busy and both.lines[3] == "hint: thinking"
    both.tap(buttons.B)                           # take what it found so far
    both.until(lambda: not app.busy)
    assert both.lines[3].startswith("try ")
    both.check_canvases()
    both.tap(buttons.A)                           # and play it
    assert app.screen_name == "play" and not page.errors


def test_the_page_says_what_went_wrong_when_the_save_is_not_hex(site, browser):
    tab = browser.new_page()
    page = Page(tab, site + "?clock=manual")
    page.open()
    tab.evaluate("localStorage.setItem('mapello-handheld-nvm', 'not hex at all')")
    page.reload()
    state = page.advance(100)
    assert state["lines"][3] == "browser save damaged"
    assert state["lines"][0].startswith("MAPELLO")
    tab.evaluate("localStorage.clear()")


def test_a_browser_that_refuses_to_store_says_so_and_the_game_plays_on(site, browser):
    tab = browser.new_page()
    tab.add_init_script("Storage.prototype.setItem = () => { throw new DOMException('full', "
                        "'QuotaExceededError'); };")
    page = Page(tab, site + "?clock=manual")
    page.open()
    page.advance(PRESS_MS)
    page.key("z")                     # a game of the series
    state = page.advance(PRESS_MS)
    assert state["screen"] == "play"
    page.key("z")                     # its first move: saved, or rather not
    state = page.advance(PRESS_MS)
    assert state["lines"][2:] == ["save failed: browser", "storage full"]
    state = page.advance(2000)
    assert state["lines"][1] == "P2 White to move" and state["screen"] == "play"
    assert page.saved() == "" and not page.errors


def test_play_sh_web_builds_and_serves_the_page():
    proc = subprocess.Popen([os.path.join(ROOT, "play.sh"), "--web", "--port", "0"], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        lines = []
        for line in proc.stdout:
            lines.append(line)
            if "http://" in line:
                break
        address = lines[-1].split("http://")[1].split()[0]
        assert lines[-1].startswith("Mapello in a browser: http://127.0.0.1:"), lines
        with urllib.request.urlopen("http://" + address) as r:
            assert b'<script type="module" src="page.js">' in r.read()
        for name, kind in (("micropython.mjs", "text/javascript"), ("micropython.wasm", "application/wasm"),
                           ("game.json", "application/json")):
            with urllib.request.urlopen("http://%s%s" % (address, name)) as r:
                assert r.headers["Content-Type"] == kind and r.read()
    finally:
        proc.terminate()
        proc.wait(timeout=30)
        proc.stdout.close()


def test_the_page_holds_the_device_code_as_it_is_and_none_of_the_desktops():
    import json
    build_web.build(log=lambda line: None)
    with open(os.path.join(build_web.OUT, build_web.BUNDLE), encoding="utf-8") as f:
        bundle = json.load(f)
    files = bundle["files"]
    for path, text in files.items():
        if path != "host.py":
            with open(os.path.join(ROOT, path), encoding="utf-8") as f:
                assert f.read() == text, path
    assert "mapello/ui/app.py" in files and "mapello/ai/thinker.py" in files
    assert "boards/rulebook.txt" in files and "host.py" in files
    assert sorted(p for p in files if p.startswith("mapello/")) == build_web.device_files()
    assert "mapello/ai/native.py" not in files and "mapello/hardware/start.py" not in files
    assert bundle["micropython"] == build_web.pinned_version()
    assert not os.path.exists(os.path.join(ROOT, "web", "node_modules"))


@pytest.mark.slow
def test_the_web_tools_print_their_figures_and_write_the_picture(browser, tmp_path):
    """desktop/bench/web_page.py and desktop/web_screenshot.py, run short (the
    browser fixture: skipped, saying why, where there is no Chromium)."""
    python = sys.executable
    proc = subprocess.run([python, "-m", "desktop.bench.web_page", "--loads", "1", "--moves", "1"], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    out = proc.stdout
    assert "page load to first frame: median " in out and "download: " in out, out
    assert "hard level, time per move: mean " in out, out
    picture, window = tmp_path / "page.png", tmp_path / "window.png"
    proc = subprocess.run([python, "-m", "desktop.web_screenshot", "--out", str(picture),
                           "--window-out", str(window)], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    for made in (picture, window):
        with open(made, "rb") as f:
            assert f.read(8) == b"\x89PNG\r\n\x1a\n"
    # the window's picture is the README's: the same code draws the same picture
    with open(window, "rb") as f, open(os.path.join(ROOT, "docs", "images", "window.png"), "rb") as g:
        assert f.read() == g.read(), "docs/images/window.png is stale: run python3 -m desktop.web_screenshot"


# --- clicks and taps on cells, and what the page shows beside the handheld ------

def fresh(browser, site, query="?clock=manual&seed=%d" % SEED):
    """A tab on the page with nothing saved in this browser."""
    tab = browser.new_page()
    page = Page(tab, site + query)
    page.open()
    tab.evaluate("localStorage.clear()")
    page.reload()
    return page


def test_clicks_on_cells_set_up_and_play_as_the_arrows_and_a_do_on_the_desktop(site, browser, devices):
    """Free play on the empty board: clicks put a wall, a bonus and a joker
    (a ring cell, named by where it stands) and take one away; then clicks
    on legal moves play them, a click on an occupied cell is refused, one
    on the ring does nothing.  Every step the same frame and lines as the
    desktop's App given the buttons the click stands for."""
    page = fresh(browser, site)
    both = Both(page, Desktop(bytearray(b"\xff" * 4096), SEED), devices)
    both.advance(PRESS_MS)
    app = both.desktop.app
    both.menu("Mode:", lambda: app.settings["mode"] == 1)
    both.menu("Board", lambda: app.settings["board"] == "Open")
    both.tap(buttons.A)
    assert app.screen_name == "setup"
    both.click_cell(parse_cell("f6"))                # a wall
    assert both.lines[2] == "f6: wall"
    both.click_cell(parse_cell("b2"))                # a wall, then a bonus
    both.click_cell(parse_cell("b2"))
    assert both.lines[2] == "b2: bonus"
    both.click_cell(95)                              # the ring under e8: a joker
    assert both.lines[2] == "below e8: joker" and both.lines[1] == "W1/8 B1/8 J1/8"
    both.click_cell(9)                               # the top right corner, and back: empty
    both.click_cell(9)
    assert both.lines[2] == "top right: empty"
    both.check_canvases()
    both.tap(buttons.B)
    both.choose("Start")
    both.tap(buttons.A)                              # P2 picks black
    assert app.screen_name == "play"
    for _ in range(3):
        target = max(both.hints())
        both.click_cell(target)
        assert app.screen_name == "play" and palette.get(app.frame, target) in palette.LAST, both.lines
    both.click_cell(parse_cell("d4"))                # occupied: refused, as A there is
    assert both.lines[3] == "occupied"
    version = app.version
    both.click_cell(0)                               # the ring: nothing to play there
    assert both.cursor() == parse_cell("d4")
    both.check_canvases()
    assert app.version >= version and not page.errors


@pytest.fixture(scope="module")
def phone(playwright):
    """A phone's browser: 390x844, touch, at twice the pixels."""
    p, exe = playwright
    chromium = p.chromium.launch(executable_path=exe, args=list(build_web.BROWSER_FLAGS), headless=True)
    context = chromium.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                                   is_mobile=True, device_scale_factor=2)
    yield context
    context.close()
    chromium.close()


def test_a_phone_taps_cells_and_buttons_and_the_page_fits_its_width(site, phone, devices):
    page = fresh(phone, site)
    tab = page.tab
    both = Both(page, Desktop(bytearray(b"\xff" * 4096), SEED), devices)
    both.advance(PRESS_MS)
    app = both.desktop.app
    assert tab.evaluate("document.documentElement.scrollWidth") == 390
    box = tab.locator("#matrix").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390 and box["width"] > 300
    tab.tap("[data-button=A]")                       # the on-screen A: a game of the series
    both.desktop.tap(buttons.A)
    both.advance(PRESS_MS)
    assert app.screen_name == "play"
    for _ in range(2):
        target = min(both.hints())
        page.click_cell(target, tap=True)
        from mapello.ui.kinds import presses
        for button in presses(app, target):
            both.desktop.tap(button)
        both.advance(PRESS_MS)
        assert palette.get(app.frame, target) in palette.LAST, both.lines
    both.check_canvases()
    assert len(both.state["panel"]["moves"]) == 2
    assert tab.evaluate("document.documentElement.scrollWidth") == 390
    panel = tab.locator(".panel").bounding_box()
    assert panel["x"] >= 0 and panel["x"] + panel["width"] <= 390 and panel["y"] > box["y"] + box["height"]
    assert not page.errors


def legend_shown(page):
    """[(what, '#rrggbb')] as the page's legend lists them."""
    return page.tab.evaluate("""[...document.querySelectorAll('#legend li')].map((li) => {
        const c = getComputedStyle(li.querySelector('.swatch')).backgroundColor.match(/\\d+/g);
        return [li.textContent, '#' + c.slice(0, 3).map((v) => Number(v).toString(16).padStart(2, '0')).join('')];
    })""")


def test_beside_the_board_the_scores_turn_moves_legend_and_coordinates(site, browser):
    """The legend's colours are the device's palette in use, read through
    host.py: the standard one, then the colourblind one once the menu's
    Colours line says so."""
    from mapello.ui.kinds import _LEGEND
    page = fresh(browser, site)
    state = page.advance(PRESS_MS)
    want = [[what, "#%06x" % getattr(palette, name)] for what, name in _LEGEND]
    assert [list(x) for x in legend_shown(page)] == want
    assert state["panel"]["legend"] == want
    assert min(page.pixels()["labels"]) > 5          # a1..h8's letters and numbers, all 32
    assert page.text("#turn").startswith("Menu")
    page.key("z")                                    # a game of the series, two moves by clicks
    page.advance(PRESS_MS)
    for cell in ("e3", "f3"):
        page.click_cell(parse_cell(cell))
        state = page.advance(PRESS_MS)
    assert state["panel"]["moves"] == ["e3", "f3"]
    assert page.tab.evaluate("[...document.querySelectorAll('#moves li')].map((li) => li.textContent + li.className)") \
        == ["e3b", "f3w"]
    b, w = state["panel"]["score"][:2]
    assert (page.text("#score-black"), page.text("#score-white")) == (str(b), str(w))
    assert page.text("#turn") == state["lines"][1] == "P1 Black to move"
    assert "to-move" in page.tab.get_attribute("#side-black", "class")
    assert "P1" in page.text("#who-black") and "P2" in page.text("#who-white")
    assert page.text("#series") == "Board: Rulebook example · game 1 of 2"
    # the colourblind palette, from the menu: the legend follows
    page.key("x")
    page.advance(PRESS_MS)
    for _ in range(5):
        page.key("ArrowDown")
        page.advance(PRESS_MS)
    page.key("z")                                    # Quit to menu
    state = page.advance(PRESS_MS)
    assert state["screen"] == "menu"
    for _ in range(30):
        if state["lines"][1].startswith(">Colours:"):
            break
        page.key("ArrowDown")
        state = page.advance(PRESS_MS)
    page.key("ArrowRight")
    state = page.advance(PRESS_MS)
    assert state["lines"][1] == ">Colours: colourblind"
    blind = dict(legend_shown(page))
    assert blind["joker"] == "#e07800" and blind["legal move"] == "#4098b0"
    assert not page.errors


def resign(page):
    """B, Resign, Yes: the game ends at once."""
    page.key("x")
    page.advance(PRESS_MS)
    for _ in range(3):
        page.key("ArrowDown")
        page.advance(PRESS_MS)
    page.key("z")
    page.advance(PRESS_MS)
    page.key("ArrowDown")
    page.advance(PRESS_MS)
    page.key("z")
    return page.advance(PRESS_MS)


def test_game_over_banner_then_the_record_downloaded_and_loaded_back_to_replay(site, browser, tmp_path):
    from mapello.game.record.text import from_text
    page = fresh(browser, site)
    page.advance(PRESS_MS)
    page.key("z")
    page.advance(PRESS_MS)
    page.click_cell(parse_cell("e3"))
    page.advance(PRESS_MS)
    assert page.tab.is_disabled("#download") and page.tab.is_hidden("#banner")
    state = resign(page)                             # white resigns: black takes every point
    assert state["screen"] == "game over"
    assert page.text("#banner-head") == state["lines"][0] == "White (P2) resigned"
    assert page.text("#banner-score") == "Black 5 – White 0"
    assert (page.text("#score-black"), page.text("#score-white")) == ("5", "0")   # as the series counts
    assert page.text("#banner-series") == "Series: P1 1 – 0 P2 (points P1 +5). A: game 2 of 2."
    with page.tab.expect_download() as got:
        page.tab.click("#download")
    path = tmp_path / got.value.suggested_filename
    got.value.save_as(path)
    assert got.value.suggested_filename.startswith("mapello-rulebook-example-")
    text = path.read_text()
    record = from_text(text)
    assert [cell_name(m) for m in record.moves] == ["e3"] and "white resigned" in text
    # New game: the menu
    page.tab.click("#new-game")
    state = page.advance(PRESS_MS)
    assert state["screen"] == "menu" and state["lines"][3] == "A start  B resume"
    # the record back, by the file picker: the handheld replays it
    page.load_file(path)
    state = page.advance(PRESS_MS)
    assert state["screen"] == "replay" and state["lines"][0] == "Replay 0/1"
    assert "Replaying" in page.text("#note")
    page.key("ArrowRight")
    state = page.advance(PRESS_MS)
    assert state["lines"][0] == "Replay 1/1" and state["lines"][1].startswith("Black e3")
    assert state["panel"]["shown"] == 1
    page.key("x")
    state = page.advance(PRESS_MS)
    assert state["screen"] == "menu" and not page.errors


BOARD = """; Castle: four walls and a bonus of my own
; limits: walls 4, bonuses 1, jokers 0
. . . . . . . . . .
. . . . . . . . . .
. . # . . . . # . .
. . . . + . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . # . . . . # . .
. . . . . . . . . .
. . . . . . . . . .
"""


def test_a_board_of_ones_own_by_picker_drop_and_paste_joins_the_menu_and_stays(site, browser, tmp_path):
    page = fresh(browser, site)
    page.advance(PRESS_MS)
    mine = tmp_path / "Castle.TXT"
    mine.write_text(BOARD)
    page.load_file(mine)
    state = page.advance(PRESS_MS)
    assert state["screen"] == "menu" and state["lines"][2] == " Board: Castle", state["lines"]
    assert page.text("#note") == '"Castle" is on the menu\'s board line, chosen: A starts it.'
    page.key("z")
    state = page.advance(PRESS_MS)
    frame = bytes.fromhex(state["frame"])
    assert state["screen"] == "play" and palette.get(frame, parse_cell("b2")) == palette.WALL
    assert palette.get(frame, parse_cell("d3")) in (palette.BONUS, palette.BONUS_HINT)
    # kept in this browser: after a reload the menu still offers it
    page.reload()
    page.key("ArrowDown")
    state = page.advance(PRESS_MS)
    names = []
    for _ in range(20):
        names.append(state["lines"][2])
        page.key("ArrowRight")
        state = page.advance(PRESS_MS)
    assert " Castle" in names, names
    # a broken one, dropped on the page: its line and column, nothing added
    broken = BOARD.replace(". . . . + . . . . .", ". . . . + . . x . .")
    page.tab.evaluate("""(text) => {
        const data = new DataTransfer();
        data.items.add(new File([text], "broken.txt", {type: "text/plain"}));
        document.dispatchEvent(new DragEvent("drop", {dataTransfer: data, bubbles: true, cancelable: true}));
    }""", broken)
    page.tab.wait_for_function("window.mapello.files == 1")   # after the reload, the first
    assert page.text("#note") == "broken.txt: line 6, column 15: unknown symbol 'x' (use . # + J B W)"
    # pasted: a record plays back, with the moves beside it
    page.tab.click("summary")
    version = page.advance(PRESS_MS)["version"]
    page.tab.click("#paste")
    page.tab.keyboard.type("ab z x")                 # typed, not pressed on the handheld
    assert page.tab.input_value("#paste") == "ab z x"
    assert page.advance(PRESS_MS)["version"] == version
    page.tab.fill("#paste", BOARD + "; moves: e3 f3\n")
    page.tab.click("#paste-go")
    state = page.advance(PRESS_MS)
    assert state["screen"] == "replay" and state["lines"][0] == "Replay 0/2"
    assert state["panel"]["moves"] == ["e3", "f3"] and state["panel"]["shown"] == 0
    assert not page.errors


def test_a_file_loaded_during_a_setup_asks_before_the_board_set_up_goes(site, browser, tmp_path):
    """A board or a record loaded while a board is being set up would leave
    that board unkept: the page asks; no keeps the setup as it was, yes
    loads the file."""
    page = fresh(browser, site)
    state = page.advance(PRESS_MS)

    def to(label, value):
        nonlocal state
        for _ in range(40):
            if state["lines"][1].startswith(">" + label) and value in state["lines"][1] + state["lines"][2]:
                return
            page.key("ArrowRight" if state["lines"][1].startswith(">" + label) else "ArrowDown")
            state = page.advance(PRESS_MS)
        raise AssertionError(state["lines"])
    to("Mode", "Free play")
    to("Board", "Open")
    page.key("z")
    state = page.advance(PRESS_MS)
    assert state["screen"] == "setup"
    page.click_cell(parse_cell("f6"))                 # a wall
    state = page.advance(PRESS_MS)
    assert state["lines"][1].startswith("W1/8"), state["lines"]
    mine = tmp_path / "castle.txt"
    mine.write_text(BOARD)
    asked = []
    page.tab.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    page.load_file(mine)
    state = page.advance(PRESS_MS)
    assert asked == ["Load castle.txt? The board being set up is not kept."]
    assert state["screen"] == "setup" and state["lines"][1].startswith("W1/8"), state["lines"]
    assert page.text("#note") == "castle.txt not loaded: the board being set up stays."
    page.tab.once("dialog", lambda dialog: dialog.accept())
    page.load_file(mine)
    state = page.advance(PRESS_MS)
    assert state["screen"] == "menu" and state["lines"][2] == " Board: Castle", state["lines"]
    assert not page.errors


def test_the_speaker_plays_the_devices_tunes_and_the_mute_is_kept(site, browser):
    from mapello.hardware.sound import TUNES
    page = fresh(browser, site)
    page.advance(PRESS_MS)
    assert page.tab.is_checked("#sound")             # MAPELLO_SOUND's default: on
    page.key("z")
    page.advance(PRESS_MS)
    page.click_cell(parse_cell("e3"))
    page.advance(PRESS_MS)
    assert page.tab.evaluate("window.mapello.tones") == [TUNES["move"][0][0], 0]
    page.tab.uncheck("#sound")
    page.advance(PRESS_MS)
    page.click_cell(parse_cell("f3"))
    state = page.advance(PRESS_MS)
    assert state["panel"]["moves"] == ["e3", "f3"] and len(page.tab.evaluate("window.mapello.tones")) == 2
    page.reload()                                    # the mute is kept
    assert not page.tab.is_checked("#sound")
    assert not page.errors


def test_the_move_list_shows_the_reviews_verdicts_and_a_what_if_branch(site, browser):
    """A record loaded is replayed and reviewed on the handheld: the move
    list beside it gives each move's verdict as the replay's line 2 says
    it (`c4 -6, best e3`) once the review has judged it.  A there asks who
    plays on and starts a branch from the move shown, whose moves follow
    the game's in the list; B goes back to the replay at that move."""
    from mapello.game.record.text import to_text
    from test_review import endgame, finished_record
    record = finished_record(endgame(4, 10))
    n = len(record.moves)
    page = fresh(browser, site)
    page.advance(PRESS_MS)
    page.tab.click("summary")
    page.tab.fill("#paste", to_text(record))
    page.tab.click("#paste-go")
    state = page.advance(PRESS_MS)
    assert state["screen"] == "replay" and state["lines"][0] == "Replay 0/%d" % n
    for _ in range(600):                             # the review, in the loop's ticks
        if not state["lines"][3].startswith("reviewing"):
            break
        state = page.advance(200)
    assert state["lines"][3] == "^v mistakes A what if", state["lines"]
    verdicts = state["panel"]["verdicts"]
    listed = page.tab.eval_on_selector_all("#moves li", "items => items.map(li => li.textContent)")
    names = [cell_name(m) for m in record.moves]
    assert listed == [m + v for m, v in zip(names, verdicts)] and len(listed) == n
    for i in range(n):                               # the replay's words, move by move
        page.key("ArrowRight")
        line = page.advance(PRESS_MS)["lines"][1]
        assert line.split(" ", 1)[1] == listed[i], (i, line, listed[i])
    assert any(v.startswith(" -") for v in verdicts), verdicts
    assert all(v or m == "pass" for m, v in zip(names, verdicts)), verdicts   # all judged
    lost = page.tab.eval_on_selector_all("#moves li.lost", "items => items.length")
    assert lost == sum(v.startswith(" -") for v in verdicts)
    for _ in range(n - 3):
        page.key("ArrowLeft")
    state = page.advance(PRESS_MS)
    assert state["lines"][0] == "Replay 3/%d" % n
    page.key("z")                                    # what if: two players
    state = page.advance(PRESS_MS)
    assert state["screen"] == "choice" and state["lines"][1] == ">Two players"
    page.key("z")
    state = page.advance(PRESS_MS)
    assert state["screen"] == "what if" and state["panel"]["whatif"] == 3, state["lines"]
    pos = record.replay(3)
    cell = pos.legal_moves()[-1]
    page.click_cell(cell)
    state = page.advance(PRESS_MS)
    assert state["panel"]["moves"] == names[:3] + [cell_name(cell)], state["panel"]
    assert page.text("#turn").startswith("What if: ") and page.text("#turn").endswith(
        "(B back to the replay)")
    branch = page.tab.eval_on_selector_all("#moves li.branch", "items => items.map(li => li.textContent)")
    assert branch == [cell_name(cell)]
    page.key("x")
    state = page.advance(PRESS_MS)
    assert state["screen"] == "replay" and state["lines"][0] == "Replay 3/%d" % n
    assert state["panel"]["verdicts"] == verdicts and not page.errors
