"""Builds the browser page into build/web/ and, with --serve, serves it on
localhost: the device's code (mapello/, less the adapters of a board's
hardware the page does without), the bundled boards and the display's font,
run by MicroPython's WebAssembly port from the npm registry, pinned in
web/package-lock.json.

    python3 -m desktop.build_web                 # build only
    python3 -m desktop.build_web --serve [--port 8000]

The port's files come from `npm ci` in build/npm/ (run again only when the
lock file changed), never from git.  build/ is the output, made afresh on
every build; any static file server can serve build/web/.  Standard library
only, plus npm on the PATH.
"""

import argparse
import functools
import http.server
import json
import os
import shutil
import subprocess
import sys

from desktop import gamefiles

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WEB = os.path.join(ROOT, "web")
BUILD = os.path.join(ROOT, "build")
OUT = os.path.join(BUILD, "web")
NPM_DIR = os.path.join(BUILD, "npm")
PACKAGE = "@micropython/micropython-webassembly-pyscript"
RUNTIME = ("micropython.mjs", "micropython.wasm")
PAGE = ("index.html", "page.js")
FONT = "fonts/mapello-5x8.bin"
# Of the device adapters, the page runs the loop step, the matrix adapter,
# the key repeat, the record log and the sound's tunes and timing (and reads
# the device's defaults from settings.py).  The search's native code it never
# gets, as a board that loads none (the page searches in bytecode).
HARDWARE = ("__init__.py", "console.py", "repeat.py", "matrix.py", "wiring.py", "record_log.py",
            "settings.py", "sound.py")
# What page.js puts in MicroPython's file system, the files' text as they are,
# in one file: one request instead of some sixty.
BUNDLE = "game.json"
TYPES = {".html": "text/html; charset=utf-8", ".js": "text/javascript", ".mjs": "text/javascript",
         ".wasm": "application/wasm", ".json": "application/json", ".py": "text/plain; charset=utf-8",
         ".txt": "text/plain; charset=utf-8", ".bin": "application/octet-stream",
         ".png": "image/png"}


# How the tests and tools start the system's Chromium headless (Playwright's
# own browser download is not used): no background connections, which a
# machine without a network refuses, a fresh profile each time.
BROWSER_FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync")


def chromium():
    """The system's Chromium (MAPELLO_CHROMIUM, or chromium on the PATH), or None."""
    path = os.environ.get("MAPELLO_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    return path if os.path.exists(path) else None


class BuildError(Exception):
    pass


def _read(path):
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError:
        return None


def pinned_version():
    with open(os.path.join(WEB, "package-lock.json")) as f:
        lock = json.load(f)
    return lock["packages"]["node_modules/" + PACKAGE]["version"]


def fetch_runtime(log=print):
    """The port's folder in build/npm/node_modules, installed by `npm ci`
    from web/'s lock file unless what is there came from the same lock."""
    package_dir = os.path.join(NPM_DIR, "node_modules", *PACKAGE.split("/"))
    lock = _read(os.path.join(WEB, "package-lock.json"))
    installed = _read(os.path.join(package_dir, "package.json"))
    if (lock == _read(os.path.join(NPM_DIR, "package-lock.json")) and installed is not None
            and json.loads(installed.decode())["version"] == pinned_version()
            and all(os.path.exists(os.path.join(package_dir, n)) for n in RUNTIME)):
        return package_dir
    npm = shutil.which("npm")
    if npm is None:
        raise BuildError("npm not found: the page's MicroPython comes from the npm registry "
                         "(install Node.js with npm, e.g. apt-get install npm)")
    os.makedirs(NPM_DIR, exist_ok=True)
    for name in ("package.json", "package-lock.json"):
        shutil.copyfile(os.path.join(WEB, name), os.path.join(NPM_DIR, name))
    log("npm ci: %s@%s" % (PACKAGE, pinned_version()))
    proc = subprocess.run([npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund"], cwd=NPM_DIR,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if proc.returncode != 0:
        raise BuildError("npm ci failed in %s:\n%s" % (NPM_DIR, proc.stdout.strip()))
    return package_dir


def device_files():
    """The mapello/ files the page loads, as paths from the root: those a
    board gets (desktop/gamefiles.py), of the adapters only HARDWARE's."""
    return [rel for rel in gamefiles.device_modules(ROOT)
            if not rel.startswith("mapello/hardware/") or rel.split("/")[-1] in HARDWARE]


def board_files():
    folder = os.path.join(ROOT, "boards")
    return ["boards/" + n for n in sorted(os.listdir(folder))
            if n.endswith(".txt") and not n.startswith(".")]


def build(log=print):
    """Make build/web/ afresh; returns its path."""
    runtime = fetch_runtime(log)
    if os.path.isdir(OUT):
        shutil.rmtree(OUT)
    os.makedirs(os.path.join(OUT, "fonts"))
    for name in PAGE:
        shutil.copyfile(os.path.join(WEB, name), os.path.join(OUT, name))
    for name in RUNTIME:
        shutil.copyfile(os.path.join(runtime, name), os.path.join(OUT, name))
    shutil.copyfile(os.path.join(ROOT, *FONT.split("/")), os.path.join(OUT, *FONT.split("/")))
    files = {}
    for rel in device_files() + board_files():
        with open(os.path.join(ROOT, *rel.split("/")), encoding="utf-8") as f:
            files[rel] = f.read()
    with open(os.path.join(WEB, "host.py"), encoding="utf-8") as f:
        files["host.py"] = f.read()
    with open(os.path.join(OUT, BUNDLE), "w", encoding="utf-8") as f:
        json.dump({"micropython": pinned_version(), "files": files}, f)
    sizes = [os.path.getsize(os.path.join(folder, n)) for folder, _, names in os.walk(OUT) for n in names]
    log("built %s: %d files (%d of the game's in %s), %d bytes"
        % (os.path.relpath(OUT, ROOT), len(sizes), len(files), BUNDLE, sum(sizes)))
    return OUT


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with the types module scripts and WebAssembly need, never
    cached (a rebuild shows at the next reload), and no request log."""

    extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES)

    def end_headers(self):
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format, *args):
        pass


def make_server(port=8000, folder=OUT):
    """A server of `folder` on 127.0.0.1:`port` (0: any free port), not yet serving."""
    handler = functools.partial(Handler, directory=folder)
    return http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)


def main(argv=None):
    p = argparse.ArgumentParser(prog="python3 -m desktop.build_web",
                                description="Build the browser page (and serve it on localhost)")
    p.add_argument("--serve", action="store_true", help="serve build/web/ after building it")
    p.add_argument("--port", type=int, default=8000, help="the port to serve on (default 8000)")
    args = p.parse_args(argv)
    try:
        build()
    except BuildError as e:
        print("error: %s" % e, file=sys.stderr)
        return 1
    if not args.serve:
        return 0
    try:
        server = make_server(args.port)
    except OSError as e:
        print("error: cannot serve on port %d (%s): choose another with --port" % (args.port, e.strerror),
              file=sys.stderr)
        return 1
    print("Mapello in a browser: http://127.0.0.1:%d/  (Ctrl+C stops)" % server.server_address[1],
          flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
