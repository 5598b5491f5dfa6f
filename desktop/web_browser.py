"""The browser page in the system's headless Chromium, for desktop/bench/web_page.py
and desktop/web_screenshot.py: build/web/ built and served on a free port,
Playwright driving the browser, and a player who presses keys and reads
window.mapello's state.  Needs Playwright (requirements-dev.txt) and
Chromium (Debian's chromium package)."""

import contextlib
import tempfile
import threading

from desktop import build_web
from mapello.rules.position import parse_cell as cell

HINTS = ("406000", "5a6eff")        # palette.HINT and BONUS_HINT, as the frame's hex has them
KEYS = {"UP": "ArrowUp", "DOWN": "ArrowDown", "LEFT": "ArrowLeft", "RIGHT": "ArrowRight",
        "A": "z", "B": "x"}
PRESS_MS = 400                       # after a press: past the flip animation


@contextlib.contextmanager
def session(width=520, height=900):
    """(browser context, page address): the page built and served, Chromium
    started with a fresh profile.  SystemExit saying why when either is missing."""
    exe = build_web.chromium()
    if exe is None:
        raise SystemExit("no Chromium: install Debian's chromium package (or set MAPELLO_CHROMIUM)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        raise SystemExit("Playwright is missing: .venv/bin/pip install -r requirements-dev.txt")
    try:
        build_web.build(log=lambda line: None)
    except build_web.BuildError as e:
        raise SystemExit(str(e))
    server = build_web.make_server(0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        with tempfile.TemporaryDirectory() as profile, sync_playwright() as p:
            context = p.chromium.launch_persistent_context(
                profile, executable_path=exe, args=list(build_web.BROWSER_FLAGS), headless=True,
                viewport={"width": width, "height": height})
            try:
                yield context, "http://127.0.0.1:%d/" % server.server_address[1]
            finally:
                context.close()
    finally:
        server.shutdown()
        server.server_close()


class Player:
    """A tab with the game: keys in, window.mapello's state out.  With
    ?clock=manual in the address time moves by advance(); else in real time."""

    def __init__(self, tab, url):
        self.tab = tab
        self.manual = "clock=manual" in url
        tab.goto(url)
        self.wait_ready()

    def wait_ready(self):
        self.tab.wait_for_function("window.mapello && (window.mapello.ready || window.mapello.error)",
                                   timeout=60000)
        error = self.tab.evaluate("window.mapello.error")
        if error:
            raise SystemExit("the page failed: %s" % error)

    def api(self, name):
        return self.tab.evaluate("window.mapello.%s" % name)

    def state(self):
        return self.tab.evaluate("window.mapello.state()")

    @property
    def lines(self):
        return self.state()["lines"]

    def pause(self, ms):
        if self.manual:
            self.tab.evaluate("(ms) => window.mapello.advance(ms)", ms)
        else:
            self.tab.wait_for_timeout(ms)

    def press(self, *names):
        for name in names:
            self.tab.keyboard.press(KEYS[name])
            self.pause(PRESS_MS)

    def menu(self, label, text):
        """Down to the menu line `label`, then Right until it reads `text`."""
        for _ in range(40):
            line = self.lines[1]
            if line == ">" + label + " " + text:
                return
            self.press("RIGHT" if line.startswith(">" + label) else "DOWN")
        raise SystemExit("the menu never showed %s %s: %r" % (label, text, self.lines))

    def until(self, done, most=600):
        for _ in range(most):
            state = self.state()
            if done(state):
                return state
            self.pause(100)
        raise SystemExit("waited in vain: %r" % (self.lines,))

    def play_a_move(self):
        """The hint nearest the cursor (A at once for a pass), then the
        computer's answer waited for; False once the game is over."""
        state = self.state()
        lines = state["lines"]
        if state["screen"] != "play":
            return False
        if not lines[1].endswith("pass, A"):
            frame = state["frame"]
            hints = [c for c in range(100) if frame[6 * c:6 * c + 6] in HINTS]
            at = cell(lines[2][:2])
            if hints:
                target = min(hints, key=lambda c: (abs(c // 10 - at // 10) + abs(c % 10 - at % 10), c))
                while at != target:
                    if at // 10 != target // 10:
                        self.press("DOWN" if target > at else "UP")
                    else:
                        self.press("RIGHT" if target % 10 > at % 10 else "LEFT")
                    at = cell(self.lines[2][:2])
        self.press("A")
        self.until(lambda s: s["screen"] != "play" or (not s["busy"] and s["lines"][1].startswith("You ")))
        return self.state()["screen"] == "play"

