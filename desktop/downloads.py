"""Downloads into the cache that deploy.sh and `python3 -m desktop bundle`
share, with the standard library only, so that python.org's Python on
Windows runs them as well as a Linux or macOS one."""

import os
import sys
import urllib.error
import urllib.request


class BuildError(Exception):
    """What stops the making of the game's files, said so that the reader knows what to do."""


def say(text):
    print(text, flush=True)     # in order with deploy.sh's own messages and the tools it runs


def warn(text):
    say("warning: " + text)


def cache_dir():
    """mapello-deploy in XDG_CACHE_HOME, else in LOCALAPPDATA on Windows, else in ~/.cache."""
    base = os.environ.get("XDG_CACHE_HOME")
    if not base and sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA")
    if not base:
        base = os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "mapello-deploy")


def read_url(url):
    """The bytes url serves (http, https or file); BuildError says why not."""
    try:
        with urllib.request.urlopen(url, timeout=30) as answer:
            return answer.read()
    except (urllib.error.URLError, OSError, ValueError) as e:
        raise BuildError("could not read %s (%s)" % (url, getattr(e, "reason", None) or e))


def write_file(path, data):
    """data into path through path.part, so that a write cut short leaves nothing."""
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    with open(path + ".part", "wb") as f:
        f.write(data)
    os.replace(path + ".part", path)
