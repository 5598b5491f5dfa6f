"""The browser page (web/, built by desktop/build_web.py) in a real headless
Chromium, driven by Playwright with the system's browser: a game against
the computer played to game over by keys, each press checked against the
desktop's App fed the same presses on the same clock (the frame, the four
lines, the version), what the canvases show checked against the desktop
simulator's LEDs and displayio rendering, the save in localStorage checked
byte for byte against the desktop's nvm, a reload in the middle of the game
and B resuming it.

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
def browser(tmp_path_factory):
    exe = build_web.chromium()
    if exe is None:
        pytest.skip("no Chromium here (/usr/bin/chromium; .ci/run installs Debian's chromium "
                    "package, or set MAPELLO_CHROMIUM)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("Playwright is not installed (requirements-dev.txt has it: run ./test.sh)")
    with sync_playwright() as p:
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
    both.tap(buttons.A)
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
    picture = tmp_path / "page.png"
    proc = subprocess.run([python, "-m", "desktop.web_screenshot", "--out", str(picture)], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    with open(picture, "rb") as f:
        assert f.read(8) == b"\x89PNG\r\n\x1a\n"
