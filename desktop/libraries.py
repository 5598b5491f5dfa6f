"""The libraries the game needs on the board, at the versions
lib/requirements.txt pins, put into the repository's lib/ as the drive's
lib/ holds them.

They come from the first of: lib/ itself when it holds those versions
already (lib/.installed says which); a site-packages folder named with
--libs-from; the repository's .venv; or the pinned wheels, downloaded from
PyPI with the standard library (no pip), each checked against the sha256
that lib/requirements.txt pins beside its version, and kept in the cache."""

import glob
import hashlib
import html.parser
import io
import os
import re
import urllib.parse
import zipfile

from desktop.downloads import BuildError, cache_dir, read_url, say, write_file

# The files of each library that go to the board.
LIB_FILES = (
    ("adafruit-circuitpython-neopixel", ("neopixel.py",)),
    ("adafruit-circuitpython-display-text", ("adafruit_display_text/__init__.py",
                                             "adafruit_display_text/label.py")),
    ("adafruit-circuitpython-displayio-ssd1306", ("adafruit_displayio_ssd1306.py",)),
    ("adafruit-circuitpython-ticks", ("adafruit_ticks.py",)),
)
PYPI_INDEX = "https://pypi.org/simple"      # PIP_INDEX_URL, as pip's, names another
STAMP = ".installed"                        # in lib/: which versions its files are


def all_files():
    return [f for _, files in LIB_FILES for f in files]


def pins(root):
    """{library: (version, sha256 or None)} from lib/requirements.txt
    (`name==version --hash=sha256:HEX` a line, as pip writes hashes)."""
    path = os.path.join(root, "lib", "requirements.txt")
    if not os.path.isfile(path):
        raise BuildError("%s is missing: it pins the device libraries" % path)
    out = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            words = line.split("#", 1)[0].split() if not line.lstrip().startswith("#") else []
            if not words or "==" not in words[0]:
                continue
            name, version = words[0].split("==", 1)
            sha = None
            for word in words[1:]:
                if word.startswith("--hash=sha256:"):
                    sha = word[len("--hash=sha256:"):].lower()
            out[name.lower()] = (version, sha)
    for name, _ in LIB_FILES:
        if name not in out:
            raise BuildError("%s does not pin %s" % (path, name))
    return out


def _dist(name):
    return re.sub(r"[-_.]+", "_", name)


def _wanted(pinned):
    """What lib/.installed holds once lib/ has these versions' files."""
    return "".join("%s==%s %s\n" % (name, pinned[name][0], " ".join(files)) for name, files in LIB_FILES)


def _site_packages(root):
    for pattern in (".venv/lib/python3*/site-packages", ".venv/Lib/site-packages"):
        for site in sorted(glob.glob(os.path.join(root, *pattern.split("/")))):
            return site
    return None


def _has_dist(site, name, version):
    return os.path.isdir(os.path.join(site, "%s-%s.dist-info" % (_dist(name), version)))


def fill(root, libs_from=None):
    """lib/ gets the pinned versions' files, unless it has them already."""
    pinned = pins(root)
    lib = os.path.join(root, "lib")
    wanted = _wanted(pinned)
    stamp = os.path.join(lib, STAMP)
    if os.path.isfile(stamp) and all(os.path.isfile(os.path.join(lib, f)) for f in all_files()):
        with open(stamp, encoding="utf-8") as f:
            if f.read() == wanted:
                return
    site = libs_from or _site_packages(root)
    missing = [name for name, _ in LIB_FILES
               if not site or not _has_dist(site, name, pinned[name][0])]
    if missing and libs_from:
        raise BuildError("%s lacks %s" % (libs_from, " ".join("%s==%s" % (n, pinned[n][0]) for n in missing)))
    files = _from_wheels(pinned, missing) if missing else {}
    for name, names in LIB_FILES:
        for rel in names:
            if name in missing:
                data = files[rel]
            else:
                path = os.path.join(site, *rel.split("/"))
                if not os.path.isfile(path):
                    raise BuildError("%s lacks %s" % (site, rel))
                with open(path, "rb") as f:
                    data = f.read()
            write_file(os.path.join(lib, *rel.split("/")), data)
    write_file(stamp, wanted.encode("utf-8"))
    say("lib/: %s" % " ".join("%s==%s" % (name, pinned[name][0]) for name, _ in LIB_FILES))


class _Links(html.parser.HTMLParser):
    """The href of every link of a page of the simple index (PEP 503)."""

    def __init__(self):
        html.parser.HTMLParser.__init__(self)
        self.hrefs = []

    def handle_starttag(self, tag, attrs):
        if tag == "a":
            self.hrefs.extend(value for key, value in attrs if key == "href" and value)


def _wheel(name, version, sha, cache):
    """The pinned wheel's bytes: from the cache, else from the index."""
    prefix = "%s-%s-" % (_dist(name), version)
    for path in sorted(glob.glob(os.path.join(cache, prefix + "*.whl"))):
        with open(path, "rb") as f:
            data = f.read()
        if hashlib.sha256(data).hexdigest() == sha:
            return data
    index = (os.environ.get("PIP_INDEX_URL") or PYPI_INDEX).rstrip("/")
    page = "%s/%s/" % (index, re.sub(r"[-_.]+", "-", name).lower())
    if page.startswith("file:"):
        page += "index.html"            # a folder on disk holds each page as its index.html
    links = _Links()
    links.feed(read_url(page).decode("utf-8", "replace"))
    candidates = []
    for href in links.hrefs:
        url, fragment = urllib.parse.urldefrag(urllib.parse.urljoin(page, href))
        filename = urllib.parse.unquote(url.rsplit("/", 1)[-1])
        if filename.lower().startswith(prefix.lower()) and filename.endswith(".whl"):
            candidates.append((fragment != "sha256=" + sha, filename, url))
    if not candidates:
        raise BuildError("%s lists no wheel of %s==%s" % (page, name, version))
    _, filename, url = sorted(candidates)[0]
    data = read_url(url)
    got = hashlib.sha256(data).hexdigest()
    if got != sha:
        raise BuildError("%s has sha256 %s, but lib/requirements.txt pins %s for %s==%s: not used"
                         % (url, got, sha, name, version))
    write_file(os.path.join(cache, filename), data)
    return data


def _from_wheels(pinned, missing):
    """{file: bytes} of the missing libraries, from their pinned wheels."""
    say("Fetching the device libraries from PyPI: %s" % " ".join("%s==%s" % (n, pinned[n][0]) for n in missing))
    cache = os.path.join(cache_dir(), "wheels")
    out = {}
    for name, names in LIB_FILES:
        if name not in missing:
            continue
        version, sha = pinned[name]
        if not sha:
            raise BuildError("lib/requirements.txt pins no sha256 for %s==%s (--hash=sha256:...), so its wheel "
                             "cannot be checked: add it, or use --libs-from DIR" % (name, version))
        try:
            data = _wheel(name, version, sha, cache)
        except BuildError as problem:
            raise BuildError("%s: go online once, or use --libs-from DIR (a site-packages folder that has them)"
                             % problem)
        with zipfile.ZipFile(io.BytesIO(data)) as wheel:
            for rel in names:
                try:
                    out[rel] = wheel.read(rel)
                except KeyError:
                    raise BuildError("the wheel of %s==%s lacks %s" % (name, version, rel))
    return out
